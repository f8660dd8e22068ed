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
    leave: () => {
      const left = room.leave().catch(() => {});
      leaving.set(code, left);
      left.then(() => leaving.get(code) === left && leaving.delete(code));
    },
  };
}
