// Join by code: a room of trystero's Nostr strategy, where devices that know the same
// code meet through public relays (web/friends/internet.py lists them), so the
// invitation and the answer of web/friends/connection.js can travel between them
// without a QR code (web/friends/room.py has the messages; hosting.py and joining.py
// use them). The match itself never passes here: it goes over the link the
// invitation opens, as after a QR code.
//
// The code is the room's name and its password: trystero encrypts every offer it
// leaves on a relay with it (AES-GCM) and checks that both sides know it before a
// peer joins; a relay sees only a hash of the room's name and ciphertext.
//
//   const room = await openRoom({ code, relays, iceServers });
//   room.joined((peer) => ...); room.left((peer) => ...);
//   room.receive((peer, text) => ...); await room.send(peer, text); room.leave();
//   await room.reachable(10000)  // a relay answered within 10 s (no internet: false)
//
// Imported on the first "Play over the internet" or code typed, with the bundle.

import { getRelaySockets, joinRoom } from "../vendor/trystero-nostr.mjs";

/** Trystero's application id: rooms of another application never meet these. */
const APP_ID = "scala40-rummy";
/** The one kind of message of a room (trystero's "action"): texts of room.py. */
const ACTION = "seat";

/** How long a connection being closed waits for its channels' own close (a device
 *  gone answers none): then it is closed outright. */
const CLOSE_WAIT_MS = 2000;

/** trystero's connections (its `rtcPolyfill`), closed gently. trystero closes a peer
 *  by closing its data channel and, at once, its connection: the channel's close never
 *  reaches the other device, whose channel is aborted instead, and its trystero logs
 *  that as an error ("Trystero peer error: OperationError: User-Initiated Abort,
 *  reason=Close called"). Here the connection waits for its channels' close (or
 *  CLOSE_WAIT_MS): the other device sees its channel close; and a connection whose
 *  channels all closed closes too, having nothing left to carry. */
class GentleConnection extends RTCPeerConnection {
  #channels = new Set();

  constructor(config) {
    super(config);
    this.addEventListener("datachannel", ({ channel }) => this.#keep(channel));
  }

  createDataChannel(label, options) {
    return this.#keep(super.createDataChannel(label, options));
  }

  #keep(channel) {
    this.#channels.add(channel);
    channel.addEventListener("close", () => {
      this.#channels.delete(channel);
      if (!this.#channels.size && this.connectionState !== "closed") super.close();
    });
    return channel;
  }

  close() {
    // trystero closes a channel itself just before its connection: "closing" waits too
    const open = [...this.#channels].filter((channel) =>
      channel.readyState === "open" || channel.readyState === "closing");
    if (!open.length) {
      super.close();
      return;
    }
    const closed = open.map((channel) => new Promise((done) => {
      channel.addEventListener("close", done, { once: true });
      channel.close();
    }));
    const late = new Promise((done) => setTimeout(done, CLOSE_WAIT_MS));
    Promise.race([Promise.all(closed), late]).then(() => super.close());
  }
}

/** Rooms being left, by code: trystero hands back a room still leaving when the same
 *  one is joined again soon after (a guest seated, whose link drops, rejoining by the
 *  same code), which then dies. */
const leaving = new Map();

/** Open the room of `code` on `relays` (wss:// URLs), connecting with `iceServers`. */
export async function openRoom({ code, relays, iceServers = [] }) {
  await leaving.get(code);
  const room = joinRoom(
    {
      appId: APP_ID,
      password: code,
      relayConfig: { urls: relays, redundancy: relays.length, warnOnRelayFailure: false },
      rtcConfig: { iceServers },
      rtcPolyfill: GentleConnection,
    },
    code,
  );
  const action = room.makeAction(ACTION);
  const receivers = [];
  const joiners = [];
  const leavers = [];
  const peers = new Set();
  action.onMessage = (data, { peerId }) => {
    if (typeof data === "string") for (const handler of receivers) handler(peerId, data);
  };
  room.onPeerJoin = (peer) => {
    peers.add(peer);
    for (const handler of joiners) handler(peer);
  };
  room.onPeerLeave = (peer) => {
    peers.delete(peer);
    for (const handler of leavers) handler(peer);
  };
  return {
    /** Send `text` to `peer`; false when it did not go (the peer left). */
    send: (peer, text) => action.send(String(text), { target: peer }).then(() => true, () => false),
    receive: (handler) => receivers.push(handler),
    /** `handler(peer)` for every peer that joins, those already joined included. */
    joined: (handler) => {
      joiners.push(handler);
      for (const peer of peers) handler(peer);
    },
    left: (handler) => leavers.push(handler),
    /** Whether a relay's socket is open within `ms` (trystero keeps trying them). */
    reachable: (ms) =>
      new Promise((resolve) => {
        const until = Date.now() + ms;
        const look = () => {
          const open = Object.values(getRelaySockets()).some((s) => s && s.readyState === 1);
          if (open || Date.now() >= until) resolve(open);
          else setTimeout(look, 250);
        };
        look();
      }),
    /** Leave the room and close its connections. trystero's leave keeps each open,
     *  idle, for two minutes (for another room of this app to reuse): a guest seated
     *  has the match's own link and needs none, and its page reloaded meanwhile
     *  aborted that connection (an error on the host's device). */
    leave: () => {
      const connections = Object.values(room.getPeers());
      const left = room.leave().catch(() => {}).then(() => {
        for (const connection of connections) connection.close();
      });
      leaving.set(code, left);
      left.then(() => leaving.get(code) === left && leaving.delete(code));
    },
  };
}
