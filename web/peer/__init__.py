"""Play one match on several devices, peer to peer, with no server.

- :mod:`web.peer.protocol`: the messages (versioned JSON, match id, seq) and
  the strict reader every message from another device goes through;
- :mod:`web.peer.codec`: engine values (the observation) as JSON, derived
  from their type hints;
- :mod:`web.peer.host`: :class:`~web.peer.host.HostTable`, the host's engine
  as the only referee, each guest seeing its own seat only;
- :mod:`web.peer.guest`: :class:`~web.peer.guest.GuestTable`, a seat played
  on another device;
- :mod:`web.peer.errors`: the refusals of the shared table, in it/en;
- ``connection.js``: the browser's side, a WebRTC data channel opened by an
  invitation and an answer carried as short texts (or QR codes).

docs/peer.md describes the protocol and the signalling format.
"""
