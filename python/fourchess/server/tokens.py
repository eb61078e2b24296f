"""Seat tokens: unguessable secrets, kept by the server only as hashes, compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Mapping
from typing import TypeVar

TOKEN_BYTES = 24  # 192 random bits; 32 characters of URL-safe base64
MAX_TOKEN_LENGTH = 64  # longer text is refused before any hashing

Key = TypeVar("Key")


def new_token() -> str:
    """A fresh seat token."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def seat_of(token: object, hashes: Mapping[Key, str]) -> Key | None:
    """The seat whose token this is, or None. Every seat's hash is compared, each in constant
    time, so the answer's timing says nothing about which seat (or how much of a hash) matched."""
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_LENGTH:
        return None
    given = token_hash(token)
    found = None
    for seat, stored in hashes.items():
        if hmac.compare_digest(given, stored):
            found = seat
    return found


def rematch_token(old_hash: str, rematch_id: str) -> str:
    """A player's token in a rematch, derived from the stored hash of their token in the old game:
    whoever holds the old token can have the new one handed over at any later time, and the server
    stores no token to do it. (So reading the database is enough to derive a rematch's tokens;
    docs/server.md says so.)"""
    digest = hmac.new(old_hash.encode(), b"rematch:" + rematch_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")
