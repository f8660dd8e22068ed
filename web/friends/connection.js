// The connection layer of the shared table: one WebRTC data channel between two
// devices, opened by an invitation and an answer carried as short texts.
//
// No server: the host's page makes an offer, gathers every ICE candidate first
// (no trickle), and reduces it to what a connection needs (ICE ufrag and
// password, DTLS fingerprint and setup role, the candidates), compressed with
// CompressionStream("deflate-raw") and written in base64url: the invitation,
// short enough for a QR code. The guest's page rebuilds a full SDP from it,
// answers the same way, and the host rebuilds the answer. Then a Link carries
// text messages, ordered and reliable.
//
//   host:  const { text, link, accept } = await invite({ data: ticket });
//          ...show text as QR / link; read the guest's answer text...
//          await accept(answerText);
//   guest: const { text, link, data } = await answer(invitationText);
//          ...show text to the host...
//   both:  link.receive((message) => ...); link.send("..."); link.state
//
// With no ICE server (the default) only host candidates exist: devices on the
// same network connect, nothing else. A STUN server adds the public address a
// NAT gives, for play across the internet, and a TURN server (the player's)
// relays the traffic where no direct path exists (web/friends/internet.py).
//
// docs/peer.md describes the signalling format.

/** Version of the signalling text: a reader refuses any other. */
export const SIGNAL_VERSION = 1;

/** Longest invitation or answer text read, and its largest unpacked size. */
const SIGNAL_LIMIT = 4000;
const UNPACKED_LIMIT = 16000;

/** Longest wait for ICE gathering: a STUN server that does not answer stalls it. */
const GATHER_TIMEOUT_MS = 5000;

const CHANNEL_LABEL = "scala40";
const SCTP_PORT = 5000;
const MAX_MESSAGE_SIZE = 262144;

const SETUP_ROLES = ["actpass", "active", "passive"];
const CANDIDATE_TYPES = ["host", "srflx", "prflx", "relay"];

/** A data channel behind the small interface the table uses. */
export class Link {
  /**
   * @param {RTCPeerConnection} connection
   * @param {Promise<RTCDataChannel>} channel resolves when the channel exists
   */
  constructor(connection, channel) {
    this.connection = connection;
    this._state = "connecting";
    this._inbox = [];
    this._receivers = [];
    this._watchers = [];
    this._channel = null;
    connection.addEventListener("connectionstatechange", () => this._connectionChanged());
    channel.then((opened) => this._adopt(opened));
  }

  /** "connecting", "open", "interrupted" (may come back), or "closed". */
  get state() {
    return this._state;
  }

  /** Send one text message; false when the channel is not open (nothing is queued). */
  send(text) {
    if (this._state !== "open") return false;
    this._channel.send(text);
    return true;
  }

  /** Call `handler(text)` for every message, those that arrived before included. */
  receive(handler) {
    this._receivers.push(handler);
    for (const text of this._inbox.splice(0)) handler(text);
  }

  /** Call `handler(state)` on every change of state. */
  watch(handler) {
    this._watchers.push(handler);
  }

  /** Close the channel and the connection. */
  close() {
    this.connection.close();
    this._setState("closed");
  }

  _adopt(channel) {
    this._channel = channel;
    channel.addEventListener("message", (event) => this._deliver(String(event.data)));
    channel.addEventListener("close", () => this._setState("closed"));
    if (channel.readyState === "open") this._setState("open");
    else channel.addEventListener("open", () => this._setState("open"), { once: true });
  }

  _deliver(text) {
    if (this._receivers.length === 0) this._inbox.push(text);
    for (const handler of this._receivers) handler(text);
  }

  _connectionChanged() {
    const state = this.connection.connectionState;
    if (state === "failed" || state === "closed") this._setState("closed");
    else if (state === "disconnected") this._setState("interrupted");
    else if (state === "connected" && this._channel?.readyState === "open") this._setState("open");
  }

  _setState(state) {
    if (this._state === state || this._state === "closed") return;
    this._state = state;
    for (const handler of this._watchers) handler(state);
  }
}

/**
 * The host's side: an invitation text carrying `data` (say the seat's ticket),
 * the link, and `accept(answerText)` that completes the connection and returns
 * the data the guest put in its answer.
 */
export async function invite({ iceServers = [], data = null } = {}) {
  const connection = new RTCPeerConnection({ iceServers });
  const channel = connection.createDataChannel(CHANNEL_LABEL, { ordered: true });
  const link = new Link(connection, Promise.resolve(channel));
  await connection.setLocalDescription(await connection.createOffer());
  await gathered(connection);
  const text = await writeSignal(connection.localDescription, data);
  async function accept(answerText) {
    const signal = await readSignal(answerText, "answer");
    await setRemote(connection, signal.description);
    return signal.data;
  }
  return { text, link, accept };
}

/**
 * The guest's side: read an invitation, answer it. Returns the answer text for
 * the host, the link, and the data the host put in its invitation.
 */
export async function answer(invitationText, { iceServers = [], data = null } = {}) {
  const signal = await readSignal(invitationText, "offer");
  const connection = new RTCPeerConnection({ iceServers });
  const channel = new Promise((resolve) => {
    connection.addEventListener("datachannel", (event) => resolve(event.channel), { once: true });
  });
  const link = new Link(connection, channel);
  await setRemote(connection, signal.description);
  await connection.setLocalDescription(passive(await connection.createAnswer()));
  await gathered(connection);
  const text = await writeSignal(connection.localDescription, data);
  return { text, link, data: signal.data };
}

/**
 * The guest's answer with the DTLS role "passive" (RFC 5763 §5 allows either in an
 * answer; browsers pick "active"): the host then starts the handshake, on the path to
 * the device whose answer it read. An invitation opened on two pages is answered by
 * both, and an active guest sends its ClientHello as soon as ICE reaches the host,
 * before the host has any answer; the host keeps one such early ClientHello and,
 * given the rightful answer, goes on with whichever it kept: the other page's one
 * left the rightful guest's link connecting for ever (half the tries or more).
 */
function passive(description) {
  return { type: description.type, sdp: description.sdp.replaceAll("a=setup:active", "a=setup:passive") };
}

/** setRemoteDescription, its refusal (a readable text the browser finds wrong) as a code. */
async function setRemote(connection, description) {
  try {
    await connection.setRemoteDescription(description);
  } catch {
    throw new SignalError("rejected");
  }
}


/** Resolves when ICE gathering is complete (or after GATHER_TIMEOUT_MS: use what came). */
function gathered(connection) {
  if (connection.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    connection.addEventListener("icegatheringstatechange", () => {
      if (connection.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

// -- the signalling text -------------------------------------------------------------

/** An error in an invitation or an answer: `code` says which, for the table's message. */
export class SignalError extends Error {
  constructor(code) {
    super(`not a valid invitation or answer (${code})`);
    this.code = code;
  }
}

/** A session description (and `data`, any JSON) as a short base64url text. */
export async function writeSignal(description, data = null) {
  const bytes = packSignal(description.type, reduceSdp(description.sdp), data);
  return base64url(await deflate(bytes));
}

/** The description and data in a signalling text; SignalError if it is not one of `type`. */
export async function readSignal(text, type) {
  const trimmed = String(text).trim();
  if (trimmed.length > SIGNAL_LIMIT) throw new SignalError("too_long");
  let bytes;
  try {
    bytes = await inflate(unbase64url(trimmed));
  } catch (error) {
    throw error instanceof SignalError ? error : new SignalError("unreadable");
  }
  const signal = unpackSignal(bytes);
  if (signal.type !== type) throw new SignalError("wrong_kind");
  return { description: { type, sdp: expandSdp(signal.reduced) }, data: signal.data };
}

/**
 * What a data-channel connection needs from an SDP: the ICE ufrag and password,
 * the DTLS fingerprint (SHA-256, hex), the setup role, the media id, and the UDP
 * candidates of component 1 ({address, port, type}); browsers connect over UDP.
 */
export function reduceSdp(sdp) {
  const lines = sdp.split(/\r?\n/);
  const value = (prefix) => {
    const line = lines.find((l) => l.startsWith(prefix));
    if (!line) throw new SignalError("malformed");
    return line.slice(prefix.length).trim();
  };
  const fingerprint = value("a=fingerprint:");
  if (!fingerprint.toLowerCase().startsWith("sha-256 ")) throw new SignalError("malformed");
  const candidates = [];
  for (const line of lines) {
    if (!line.startsWith("a=candidate:")) continue;
    // a=candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
    const [, component, transport, , address, port, , type] = line.slice(12).split(" ");
    if (component === "1" && transport.toLowerCase() === "udp" && CANDIDATE_TYPES.includes(type)) {
      candidates.push({ address, port: Number(port), type });
    }
  }
  return {
    ufrag: value("a=ice-ufrag:"),
    password: value("a=ice-pwd:"),
    fingerprint: fingerprint.slice(8).replaceAll(":", "").toLowerCase(),
    setup: value("a=setup:"),
    mid: value("a=mid:"),
    candidates,
  };
}

/** A full SDP for a data channel from what reduceSdp kept; SignalError if malformed. */
export function expandSdp(reduced) {
  const { ufrag, password, fingerprint, setup, mid, candidates } = reduced;
  const ice = /^[A-Za-z0-9+/]{1,255}$/; // ICE characters (RFC 8839)
  const ok =
    ice.test(ufrag) &&
    ice.test(password) &&
    /^[0-9a-f]{64}$/.test(fingerprint) &&
    SETUP_ROLES.includes(setup) &&
    /^[A-Za-z0-9]{1,16}$/.test(mid) &&
    Array.isArray(candidates) &&
    candidates.length <= MAX_CANDIDATES &&
    candidates.every(validCandidate);
  if (!ok) throw new SignalError("malformed");
  const lines = [
    "v=0",
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    `a=group:BUNDLE ${mid}`,
    "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    ...candidates.map(candidateLine),
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${password}`,
    `a=fingerprint:sha-256 ${fingerprint.toUpperCase().match(/../g).join(":")}`,
    `a=setup:${setup}`,
    `a=mid:${mid}`,
    `a=sctp-port:${SCTP_PORT}`,
    `a=max-message-size:${MAX_MESSAGE_SIZE}`,
  ];
  return lines.join("\r\n") + "\r\n";
}

function validCandidate({ address, port, type }) {
  return (
    typeof address === "string" &&
    /^[0-9A-Za-z.:-]{2,80}$/.test(address) &&
    Number.isInteger(port) &&
    port > 0 &&
    port < 65536 &&
    CANDIDATE_TYPES.includes(type)
  );
}

/** An ICE candidate line: priorities by type (RFC 8445 §5.1.2.1), foundation by index. */
function candidateLine({ address, port, type }, index) {
  const typePreference = { host: 126, prflx: 110, srflx: 100, relay: 0 }[type];
  const priority = typePreference * 2 ** 24 + (65535 - index) * 2 ** 8 + 255;
  const related = type === "host" ? "" : " raddr 0.0.0.0 rport 0";
  return `a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ ${type}${related}`;
}

// -- the packed form -----------------------------------------------------------------
//
// byte 0: SIGNAL_VERSION << 1 | (0 offer, 1 answer); byte 1: setup role index;
// 32 bytes: the fingerprint; ufrag, password, mid: a length byte and ASCII each;
// a byte: the number of candidates, each one byte (type index << 2 | address
// kind), the address (IPv4: 4 bytes, IPv6: 16, an mDNS name <uuid>.local: the
// uuid's 16 bytes, any other name: a length byte and ASCII), the port (2 bytes);
// then the data as JSON (UTF-8) to the end.

const ADDRESS_IPV4 = 0;
const ADDRESS_IPV6 = 1;
const ADDRESS_MDNS = 2;
const ADDRESS_NAME = 3;
const MAX_CANDIDATES = 32;

/** The reduced description and data as bytes (see the layout above). */
export function packSignal(type, reduced, data) {
  const out = [];
  const ascii = (text) => {
    if (text.length > 255 || !/^[\x21-\x7e]*$/.test(text)) throw new SignalError("malformed");
    out.push(text.length, ...Array.from(text, (char) => char.charCodeAt(0)));
  };
  out.push((SIGNAL_VERSION << 1) | (type === "offer" ? 0 : 1), SETUP_ROLES.indexOf(reduced.setup));
  if (reduced.fingerprint.length !== 64) throw new SignalError("malformed");
  out.push(...hexBytes(reduced.fingerprint));
  ascii(reduced.ufrag);
  ascii(reduced.password);
  ascii(reduced.mid);
  const candidates = reduced.candidates.slice(0, MAX_CANDIDATES);
  out.push(candidates.length);
  for (const { address, port, type: kind } of candidates) {
    const [addressKind, bytes] = packAddress(address);
    out.push((CANDIDATE_TYPES.indexOf(kind) << 2) | addressKind);
    if (addressKind === ADDRESS_NAME) ascii(address);
    else out.push(...bytes);
    out.push(port >> 8, port & 0xff);
  }
  out.push(...new TextEncoder().encode(JSON.stringify(data)));
  return Uint8Array.from(out);
}

/** {type, reduced, data} from packSignal's bytes; SignalError("malformed"/"version"). */
export function unpackSignal(bytes) {
  let at = 0;
  const take = (count) => {
    if (at + count > bytes.length) throw new SignalError("malformed");
    at += count;
    return bytes.subarray(at - count, at);
  };
  const ascii = () => String.fromCharCode(...take(take(1)[0]));
  const [head, setup] = take(2);
  if (head >> 1 !== SIGNAL_VERSION) throw new SignalError("version");
  const reduced = {
    setup: SETUP_ROLES[setup],
    fingerprint: Array.from(take(32), (b) => b.toString(16).padStart(2, "0")).join(""),
    ufrag: ascii(),
    password: ascii(),
    mid: ascii(),
    candidates: [],
  };
  const count = take(1)[0];
  if (count > MAX_CANDIDATES) throw new SignalError("malformed");
  for (let i = 0; i < count; i += 1) {
    const [flags] = take(1);
    const addressKind = flags & 3;
    let address;
    if (addressKind === ADDRESS_NAME) address = ascii();
    else address = unpackAddress(addressKind, take(addressKind === ADDRESS_IPV4 ? 4 : 16));
    const [high, low] = take(2);
    reduced.candidates.push({ address, port: (high << 8) | low, type: CANDIDATE_TYPES[flags >> 2] });
  }
  let data;
  try {
    data = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(at)));
  } catch {
    throw new SignalError("malformed");
  }
  return { type: head & 1 ? "answer" : "offer", reduced, data };
}

const UUID_NAME = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/;

function packAddress(address) {
  const lower = address.toLowerCase();
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(address)) {
    const parts = address.split(".").map(Number);
    if (parts.every((part) => part < 256)) return [ADDRESS_IPV4, parts];
  }
  const uuid = UUID_NAME.exec(lower);
  if (uuid) return [ADDRESS_MDNS, hexBytes(uuid.slice(1).join(""))];
  const ipv6 = ipv6Bytes(lower);
  if (ipv6) return [ADDRESS_IPV6, ipv6];
  return [ADDRESS_NAME, null];
}

function unpackAddress(kind, bytes) {
  if (kind === ADDRESS_IPV4) return Array.from(bytes).join(".");
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  if (kind === ADDRESS_MDNS) {
    const parts = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20)];
    return `${parts.join("-")}-${hex.slice(20)}.local`;
  }
  return hex.match(/.{4}/g).map((group) => group.replace(/^0+(?=.)/, "")).join(":");
}

/** The 16 bytes of an IPv6 address in text (with at most one "::"), or null. */
function ipv6Bytes(text) {
  if (!/^[0-9a-f:]{2,39}$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half) => (half ? half.split(":") : []);
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return all.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]);
}

function hexBytes(hex) {
  if (!/^([0-9a-f]{2})*$/.test(hex)) throw new SignalError("malformed");
  return Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

// -- bytes ---------------------------------------------------------------------------

async function deflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Inflate, refusing output past UNPACKED_LIMIT (a small text must not unpack to a bomb). */
async function inflate(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
  const reader = stream.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > UNPACKED_LIMIT) {
      await reader.cancel();
      throw new SignalError("too_long");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export function base64url(bytes) {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SignalError("unreadable");
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
