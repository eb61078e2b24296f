// The lobby (/): a form that creates a game of the site's three and then shows each seat's link and
// a spectator link. The catalog (/api/catalog) says whether each game's CPU can play here.

import { seatTitle } from "./seats.js";

const $ = (id) => document.getElementById(id);
const MAX_NAME_LENGTH = 40;

// The number fields the server bounds (docs/server.md, settings): each checked here first, so the
// message sits next to the field that is wrong.
const NUMBER_FIELDS = [
  {
    id: "cpu-movetime", setting: "cpu_movetime", min: 0.1, max: 10, whole: false,
    message: "The CPU think time is a number of seconds from 0.1 to 10.",
  },
  {
    id: "grace-seconds", setting: "grace_seconds", min: 0, max: 600, whole: true,
    message: "The away grace period is a whole number of seconds from 0 to 600.",
  },
];

function numberFrom(field) {
  const input = $(field.id);
  const text = input.value.trim();
  const value = Number(text);
  const fits = text !== "" && Number.isFinite(value) && value >= field.min && value <= field.max &&
    (!field.whole || Number.isInteger(value));
  const error = $(`${field.id}-error`);
  error.textContent = fits ? "" : field.message;
  error.hidden = fits;
  input.setAttribute("aria-invalid", String(!fits));
  return fits ? value : null;
}

function element(name, attributes = {}, text) {
  const node = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Each game's seats as the server names them (docs/server.md); Martian Chess's follow its players.
const GAME_SEATS = {
  fourchess: () => ["RED", "BLUE", "YELLOW", "GREEN"],
  martian: (players) => (players === 4 ? ["RED", "BLUE", "YELLOW", "GREEN"] : ["RED", "BLUE"]),
  chess: () => ["WHITE", "BLACK"],
};
const cpuMissing = {}; // game -> what to install, from the catalog

function chosenGame() {
  const game = $("create").elements.game.value;
  return Object.hasOwn(GAME_SEATS, game) ? game : "fourchess";
}

function martianPlayers() {
  return $("create").elements.players.value === "4" ? 4 : 2;
}

function seatsOfForm() {
  return GAME_SEATS[chosenGame()](martianPlayers());
}

// Show the chosen game's own options and seats (names typed so far stay with their seat).
function showGame() {
  const game = chosenGame();
  for (const block of document.querySelectorAll("[data-for-game]")) {
    block.hidden = !block.dataset.forGame.split(" ").includes(game);
  }
  $("martian-teams").disabled = martianPlayers() !== 4;
  if (martianPlayers() !== 4) $("martian-teams").checked = false;
  $("dead-king-field").hidden = game !== "fourchess" || $("create").elements.mode.value !== "ffa";
  const missing = cpuMissing[game];
  $("cpu-missing").hidden = !missing;
  $("cpu-missing").textContent = missing ? `No CPU player for this game here: ${missing}.` : "";
  seatFields();
}

// The seat fields of the chosen game: made again only when its seats change (names typed and
// players chosen stay with their seat), else only the CPU choice follows the catalog.
function seatFields() {
  const holder = $("seat-fields");
  const noCpu = Boolean(cpuMissing[chosenGame()]);
  const shown = [...holder.querySelectorAll("input[data-seat]")].map((input) => input.dataset.seat);
  if (shown.join() === seatsOfForm().join()) {
    for (const select of holder.querySelectorAll("select")) {
      select.querySelector('option[value="cpu"]').disabled = noCpu;
      if (noCpu) select.value = "human";
    }
    return;
  }
  const typed = {};
  const players = {};
  for (const input of holder.querySelectorAll("input[data-seat]")) typed[input.dataset.seat] = input.value;
  for (const select of holder.querySelectorAll("select[data-seat]")) players[select.dataset.seat] = select.value;
  holder.replaceChildren();
  for (const seat of seatsOfForm()) {
    const lower = seat.toLowerCase();
    const label = element("label", { class: `seat-label ${lower}`, for: `player-${lower}` }, seatTitle(seat));
    const player = element("select", { id: `player-${lower}`, name: `player_${lower}`, "data-seat": seat });
    const cpu = element("option", { value: "cpu" }, "CPU");
    cpu.disabled = noCpu;
    player.append(element("option", { value: "human" }, "Human"), cpu);
    player.value = !noCpu && players[seat] === "cpu" ? "cpu" : "human";
    const name = element("input", {
      id: `name-${lower}`, name: `name_${lower}`, maxlength: String(MAX_NAME_LENGTH), placeholder: `${seatTitle(seat)}'s name`,
      "aria-label": `${seatTitle(seat)}'s name`, "data-seat": seat,
    });
    name.value = typed[seat] || "";
    holder.append(label, player, name);
  }
}

// The POST /api/games body (docs/server.md); null when a field is out of range (the error shown).
function settingsFromForm() {
  const form = $("create");
  const game = chosenGame();
  const settings = {
    game,
    turn_seconds: $("turn-seconds").value ? Number($("turn-seconds").value) : null,
    on_timeout: $("on-timeout").value === "cpu" ? "cpu" : "lose",
    show_legal_moves: $("show-legal-moves").checked,
    rotate_first_seat: $("rotate-first-seat").checked,
    seats: {},
  };
  if (game === "fourchess") {
    settings.mode = form.elements.mode.value === "ffa" ? "ffa" : "teams";
    if (settings.mode === "ffa") settings.dead_king_walking = $("dead-king-walking").checked;
  } else if (game === "martian") {
    settings.players = martianPlayers();
    settings.teams = settings.players === 4 && $("martian-teams").checked;
  } else {
    settings.cpu_skill = Number($("cpu-skill").value);
  }
  const wrong = [];
  for (const field of NUMBER_FIELDS) {
    const value = numberFrom(field);
    if (value === null) wrong.push(field);
    else settings[field.setting] = value;
  }
  if (wrong.length) {
    $(wrong[0].id).focus();
    return fail(wrong.map((field) => field.message).join(" "));
  }
  if (game !== "chess") {
    settings.move_limit = null;
    if ($("move-limit-on").checked) {
      const limit = Number($("move-limit").value);
      if (!Number.isInteger(limit) || limit < 1 || limit > 10000) return fail("The move limit is a whole number from 1 to 10000.");
      settings.move_limit = limit;
    }
  }
  for (const seat of seatsOfForm()) {
    const lower = seat.toLowerCase();
    const entry = { player: $(`player-${lower}`).value === "cpu" ? "cpu" : "human" };
    const name = $(`name-${lower}`).value.trim();
    if (name.length > MAX_NAME_LENGTH) return fail(`${seatTitle(seat)}'s name is longer than ${MAX_NAME_LENGTH} characters.`);
    if (name) entry.name = name;
    settings.seats[seat] = entry;
  }
  return settings;
}

function fail(text) {
  const shown = $("create-error");
  shown.textContent = text;
  shown.hidden = false;
  return null;
}

async function create(event) {
  event.preventDefault();
  $("create-error").hidden = true;
  const settings = settingsFromForm();
  if (!settings) return;
  const button = $("create-button");
  button.disabled = true;
  try {
    const response = await fetch("/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(settings),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      fail(answer.message || `The server answered ${response.status}.`);
      return;
    }
    showLinks(answer, settings);
  } catch {
    fail("The server could not be reached.");
  } finally {
    button.disabled = false;
  }
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // no clipboard API (plain http on another host): the link stays selected for Ctrl+C
    const field = button.parentElement.querySelector("input");
    field.select();
  }
  button.textContent = "Copied";
  setTimeout(() => {
    button.textContent = "Copy";
  }, 1500);
}

// One row of the created game: its label, then the link (copy, open), or why there is none.
function linkRow(label, className, href, missing) {
  const row = element("li", { class: "link-row" });
  row.append(element("span", { class: `seat-label ${className}` }, label));
  if (!href) {
    row.append(element("span", { class: "hint" }, missing));
    return row;
  }
  const field = element("input", { readonly: "", value: href, "aria-label": `${label} link` });
  field.addEventListener("focus", () => field.select());
  const button = element("button", { type: "button", class: "secondary" }, "Copy");
  button.addEventListener("click", () => copy(href, button));
  row.append(field, button, element("a", { href, target: "_blank", rel: "noopener noreferrer" }, "Open"));
  return row;
}

function showLinks(answer, settings) {
  const list = $("links");
  const absolute = (url) => {
    if (typeof url !== "string" || !url.startsWith("/")) return null; // only ever links to this site
    const link = new URL(url, location.origin);
    return link.origin === location.origin ? link.href : null;
  };
  const rows = Object.keys(settings.seats).map((seat) => {
    const given = answer.seats?.[seat] || {};
    const href = given.cpu ? null : absolute(given.url);
    const row = linkRow(seatTitle(seat), seat.toLowerCase(), href, given.cpu ? "CPU player" : "no link was given");
    row.dataset.seat = seat;
    if (given.cpu) row.dataset.cpu = "true";
    const name = settings.seats[seat].name;
    if (name) row.firstElementChild.textContent = `${seatTitle(seat)}: ${name}`;
    return row;
  });
  const watch = linkRow("Watch", "", absolute(`/games/${encodeURIComponent(answer.id)}`), "");
  watch.dataset.seat = "SPECTATOR";
  list.replaceChildren(...rows, watch);
  $("created").hidden = false;
  $("created").dataset.game = String(answer.id || "");
  $("created").scrollIntoView({ block: "start" });
  // The button that had the focus is far above now: take it to the links, and say so.
  $("created-title").focus({ preventScroll: true });
  $("lobby-announce").textContent = "Game created: each seat's link is listed below.";
}

// Which games' CPU cannot play on this server (chess without Stockfish), from the catalog.
async function readCatalog() {
  try {
    const response = await fetch("/api/catalog", { cache: "no-store" });
    const catalog = await response.json();
    for (const entry of Array.isArray(catalog.games) ? catalog.games : []) {
      if (typeof entry.game === "string" && typeof entry.cpu_missing === "string") cpuMissing[entry.game] = entry.cpu_missing;
    }
    showGame();
  } catch {
    // no catalog: every choice stays offered, and the server says what is missing on creating
  }
  $("create").dataset.catalog = "read"; // for the tests: the form has what the catalog said
}

function start() {
  showGame();
  $("create").addEventListener("submit", create);
  for (const field of NUMBER_FIELDS) {
    $(field.id).addEventListener("change", () => numberFrom(field)); // a mended value clears its message
  }
  $("move-limit-on").addEventListener("change", () => {
    $("move-limit").disabled = !$("move-limit-on").checked;
  });
  for (const name of ["game", "mode", "players"]) {
    for (const radio of $("create").elements[name]) radio.addEventListener("change", showGame);
  }
  readCatalog();
}

start();
