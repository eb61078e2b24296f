// A seat's secret token: it arrives in the link's fragment (#t=...), is kept in localStorage per
// game and seat, and is taken from there when the link is reopened without its fragment.

import { isSeat } from "./seats.js";

const MAX_TOKEN_LENGTH = 256;

function storageKey(gameId, seat) {
  return `fourchess:token:${gameId}:${seat}`;
}

// localStorage can be missing or refuse (private windows, storage quotas): the page still works
// for this visit, it just cannot take the seat back later.
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function rememberToken(gameId, seat, token) {
  try {
    storage()?.setItem(storageKey(gameId, seat), token);
  } catch {
    // see storage()
  }
}

export function forgetToken(gameId, seat) {
  try {
    storage()?.removeItem(storageKey(gameId, seat));
  } catch {
    // see storage()
  }
}

function storedToken(gameId, seat) {
  try {
    return storage()?.getItem(storageKey(gameId, seat)) ?? null;
  } catch {
    return null;
  }
}

function usable(token) {
  return typeof token === "string" && token.length > 0 && token.length <= MAX_TOKEN_LENGTH ? token : null;
}

// Put ?seat=SEAT in the address (and drop the fragment), so a reload finds the stored token.
export function showSeatInAddress(seat) {
  const params = new URLSearchParams(location.search);
  if (seat) params.set("seat", seat);
  const query = params.toString();
  history.replaceState(history.state, "", location.pathname + (query ? `?${query}` : ""));
}

// The seat named in the link (?seat=) and the token to present: the fragment's, else the stored one.
export function takeSeatLink(gameId) {
  const requested = (new URLSearchParams(location.search).get("seat") || "").toUpperCase();
  const seat = isSeat(requested) ? requested : null;
  const fragmentToken = usable(new URLSearchParams(location.hash.replace(/^#/, "")).get("t"));
  if (location.hash) showSeatInAddress(seat); // the token must not stay in the address bar or history
  if (fragmentToken) {
    if (seat) rememberToken(gameId, seat, fragmentToken);
    return { seat, token: fragmentToken };
  }
  return { seat, token: seat ? usable(storedToken(gameId, seat)) : null };
}
