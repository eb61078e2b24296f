"""Notifications as the text PostgreSQL's NOTIFY carries: JSON with the sender's origin, under
PostgreSQL's payload limit (8000 bytes), checked on every backend so a message too big is found
on SQLite too, not first on a site's PostgreSQL."""

from __future__ import annotations

import json
import logging
from typing import Any

from fourchess._quote import quoted
from fourchess.server.store.checks import check_text, to_json

CHANNEL = "fourchess"
MAX_PAYLOAD_BYTES = 7999  # NOTIFY refuses a payload of 8000 bytes or more

log = logging.getLogger("fourchess.server.store")


def encode_notification(notification: object, origin: str) -> str:
    """The payload for ``notification`` (a dict with a str "kind") sent by ``origin``."""
    if not isinstance(notification, dict):
        raise TypeError(f"a notification is a dict, got {type(notification).__name__}")
    if "kind" not in notification:
        raise ValueError(f"a notification needs a 'kind', got {quoted(notification)}")
    check_text(notification["kind"], "notification 'kind'")
    payload = to_json({**notification, "origin": origin}, "a notification")
    size = len(payload.encode())
    if size > MAX_PAYLOAD_BYTES:
        raise ValueError(f"a notification must stay under 8000 bytes of JSON, got {size} bytes: {quoted(payload)}")
    return payload


def decode_notification(payload: str) -> dict[str, Any] | None:
    """The notification in ``payload``, or None (logged) when it is not one."""
    try:
        data = json.loads(payload)
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        log.warning("ignored a %s notification that is not a JSON object with a kind: %s", CHANNEL, quoted(payload))
        return None
    return data
