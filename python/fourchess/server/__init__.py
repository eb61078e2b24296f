"""``fourchess serve``: a game server and web board built on fourchess's public API.

It is the worked example of embedding the library: every move a client sends is validated by the
core, stored, and only then announced. See docs/server.md for the HTTP and WebSocket protocol.
"""
