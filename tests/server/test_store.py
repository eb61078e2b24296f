"""The Store contract, once for each backend (SQLite in tmp_path, a fresh PostgreSQL database):
what is stored reads back exactly, a ply is taken once, a game ends once, and a call that is
refused changes nothing."""

from __future__ import annotations

import dataclasses

import pytest

from fourchess.server.store.base import ABORTED, FINISHED, PLAYING, GameExistsError
from support.stores import aborted, asynchronous, finished, game, opened, step


@asynchronous
async def test_a_game_reads_back_exactly_with_its_steps(store_url):
    async with opened(store_url) as store:
        made = game()
        await store.create_game(made)
        assert await store.load_game("g1") == made
        for ply in range(3):
            assert await store.append_step("g1", step(ply, seat=("RED", "BLUE", "YELLOW")[ply]))
        loaded = await store.load_game("g1")
    assert loaded == dataclasses.replace(
        made, steps=(step(0, seat="RED"), step(1, seat="BLUE"), step(2, seat="YELLOW"))
    )
    assert list(loaded.settings) == list(made.settings)  # the key order too
    assert list(loaded.settings["rules"]) == list(made.settings["rules"])
    assert loaded.status == PLAYING and loaded.finish is None and loaded.rematch is None


@asynchronous
async def test_odd_text_in_json_reads_back_exactly(store_url):
    odd = {"nul": "a\x00b", "quote": 'say "hi"\n\\', "astral": "\U0001f600", "empty": "", "nested": [[], {}, [None]]}
    async with opened(store_url) as store:
        await store.create_game(dataclasses.replace(game(), settings=odd))
        assert (await store.load_game("g1")).settings == odd


@asynchronous
async def test_what_is_stored_survives_closing_the_store(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        await store.append_step("g1", step(0))
        await store.append_step("g1", step(1), finished())
    async with opened(store_url) as store:
        loaded = await store.load_game("g1")
    assert loaded.steps == (step(0), step(1)) and loaded.finish == finished()


@asynchronous
async def test_an_unknown_game_is_none(store_url):
    async with opened(store_url) as store:
        assert await store.load_game("nope") is None
        assert await store.steps_since("nope", 0) == []
        assert await store.presence("nope") == {}


@asynchronous
async def test_a_taken_game_id_is_refused_and_the_first_game_kept(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        await store.append_step("g1", step(0))
        other = dataclasses.replace(game(), settings={"other": True}, created_at=5.0)
        with pytest.raises(GameExistsError, match="'g1'"):
            await store.create_game(other)
        assert isinstance(GameExistsError("x"), ValueError)
        assert await store.load_game("g1") == dataclasses.replace(game(), steps=(step(0),))


@asynchronous
async def test_steps_are_appended_in_order_and_read_from_any_ply(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        for ply in range(5):
            assert await store.append_step("g1", step(ply))
        assert await store.steps_since("g1", 0) == [step(ply) for ply in range(5)]
        assert await store.steps_since("g1", 3) == [step(3), step(4)]
        assert await store.steps_since("g1", 5) == []


@asynchronous
async def test_a_taken_ply_is_false_and_changes_nothing(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        assert await store.append_step("g1", step(0, "h2-h3"))
        assert await store.append_step("g1", step(1, "b7-c7", seat="BLUE"))
        assert not await store.append_step("g1", step(0, "h2-h4"))
        assert not await store.append_step("g1", step(1, "b8-c8", seat="BLUE"), finished())
        loaded = await store.load_game("g1")
    assert [s.text for s in loaded.steps] == ["h2-h3", "b7-c7"]
    assert loaded.status == PLAYING and loaded.finish is None  # the refused step's ending was not stored either


@asynchronous
async def test_a_ply_past_the_next_is_a_value_error_and_changes_nothing(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        await store.append_step("g1", step(0))
        with pytest.raises(ValueError, match="next is ply 1, not 3"):
            await store.append_step("g1", step(3))
        assert await store.append_step("g1", step(1))
        assert [s.ply for s in await store.steps_since("g1", 0)] == [0, 1]


@asynchronous
async def test_a_step_to_a_game_not_stored_is_false(store_url):
    async with opened(store_url) as store:
        assert not await store.append_step("nope", step(0))
        assert await store.load_game("nope") is None


@asynchronous
async def test_the_ending_is_stored_with_its_step_and_nothing_follows_it(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        await store.append_step("g1", step(0))
        assert await store.append_step("g1", step(1, "resign:B", seat="BLUE"), finished())
        loaded = await store.load_game("g1")
        assert loaded.status == FINISHED and loaded.finish == finished()
        assert loaded.steps[-1] == step(1, "resign:B", seat="BLUE")
        assert not await store.append_step("g1", step(2))
        assert not await store.abort_game("g1", 2, aborted())
        assert await store.load_game("g1") == loaded
        assert await store.unfinished_games() == []


@asynchronous
async def test_abort_ends_the_game_only_at_its_ply(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        for ply in range(3):
            await store.append_step("g1", step(ply))
        assert not await store.abort_game("g1", 2, aborted())  # a move came meanwhile: too late
        assert not await store.abort_game("g1", 4, aborted())
        assert (await store.load_game("g1")).status == PLAYING
        assert await store.abort_game("g1", 3, aborted())
        loaded = await store.load_game("g1")
        assert loaded.status == ABORTED and loaded.finish == aborted() and len(loaded.steps) == 3
        assert not await store.abort_game("g1", 3, aborted("BLUE"))
        assert not await store.append_step("g1", step(3))
        assert await store.load_game("g1") == loaded
        assert not await store.abort_game("nope", 0, aborted())


@asynchronous
async def test_a_game_ended_by_its_step_can_be_aborted_at_no_ply(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        assert await store.append_step("g1", step(0, "resign:R"), aborted())
        assert (await store.load_game("g1")).status == ABORTED
        assert not await store.abort_game("g1", 1, aborted())


@asynchronous
async def test_the_rematch_is_made_once_with_its_link(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        assert await store.create_rematch("g1", game("g2")) == "g2"
        assert await store.create_rematch("g1", game("g3")) == "g2"  # the one made first
        assert (await store.load_game("g1")).rematch == "g2"
        assert await store.load_game("g2") == game("g2") and await store.load_game("g3") is None
        assert await store.create_rematch("nope", game("g4")) is None
        assert await store.load_game("g4") is None
        with pytest.raises(GameExistsError):  # a taken id stores neither the game nor the link
            await store.create_rematch("g2", game("g1"))
        assert (await store.load_game("g2")).rematch is None


@asynchronous
async def test_unfinished_games_are_the_playing_ones_oldest_first(store_url):
    async with opened(store_url) as store:
        for name, created in (("late", 30.0), ("early", 10.0), ("done", 5.0), ("dropped", 20.0), ("middle", 15.0)):
            await store.create_game(game(name, created))
        await store.append_step("done", step(0), finished())
        await store.abort_game("dropped", 0, aborted())
        assert await store.unfinished_games() == ["early", "middle", "late"]


@asynchronous
async def test_presence_keeps_each_seats_last_heartbeat(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        await store.create_game(game("g2"))
        await store.touch_presence("g1", ["RED", "BLUE"], 10.0)
        await store.touch_presence("g1", ["RED", "RED"], 20.5)
        await store.touch_presence("g1", [], 30.0)
        assert await store.presence("g1") == {"RED": 20.5, "BLUE": 10.0}
        assert await store.presence("g2") == {}


@asynchronous
async def test_the_drive_lease_excludes_another_owner_until_it_runs_out(store_url):
    async with opened(store_url) as store:
        await store.create_game(game())
        first = await store.claim_drive("g1", "process-a", 100.0, 10.0)
        taken_early = await store.claim_drive("g1", "process-b", 105.0, 10.0)
        renewed = await store.claim_drive("g1", "process-a", 105.0, 10.0)
        taken_before_renewal_ends = await store.claim_drive("g1", "process-b", 114.0, 10.0)
        taken_after = await store.claim_drive("g1", "process-b", 115.5, 10.0)
        first_back = await store.claim_drive("g1", "process-a", 116.0, 10.0)
        if store.shared:
            assert (first, taken_early, renewed, taken_before_renewal_ends, taken_after, first_back) == (
                True,
                False,
                True,
                False,
                True,
                False,
            )
            assert not await store.claim_drive("nope", "process-a", 100.0, 10.0)
        else:  # one process on the file: it always drives
            assert (first, taken_early, renewed, taken_before_renewal_ends, taken_after, first_back) == (True,) * 6


@asynchronous
async def test_bad_arguments_are_refused_before_anything_is_stored(store_url):
    async with opened(store_url) as store:
        with pytest.raises(ValueError, match="plain JSON data"):
            await store.create_game(dataclasses.replace(game(), settings={"seats": ("RED", "BLUE")}))
        with pytest.raises(ValueError, match="plain JSON data"):
            await store.create_game(dataclasses.replace(game(), settings={1: "one"}))
        with pytest.raises(ValueError, match="plain JSON data"):
            await store.create_game(dataclasses.replace(game(), settings={"x": float("nan")}))
        with pytest.raises(ValueError, match="no steps"):
            await store.create_game(dataclasses.replace(game(), steps=(step(0),)))
        with pytest.raises(TypeError, match="GameRecord"):
            await store.create_game({"id": "g1"})
        assert await store.load_game("g1") is None
        await store.create_game(game())
        with pytest.raises(TypeError, match="StepRecord"):
            await store.append_step("g1", ("h2-h3",))
        with pytest.raises(TypeError, match="step.ply"):
            await store.append_step("g1", dataclasses.replace(step(0), ply=True))
        with pytest.raises(ValueError, match="step.ply"):
            await store.append_step("g1", dataclasses.replace(step(0), ply=-1))
        with pytest.raises(ValueError, match="step.at"):
            await store.append_step("g1", dataclasses.replace(step(0), at=float("inf")))
        with pytest.raises(ValueError, match="finish.status"):
            await store.append_step("g1", step(0), dataclasses.replace(finished(), status=PLAYING))
        with pytest.raises(ValueError, match="finish.result"):
            await store.abort_game("g1", 0, dataclasses.replace(aborted(), result={"at": {1, 2}}))
        with pytest.raises(TypeError, match="game id"):
            await store.load_game(7)
        with pytest.raises(ValueError, match="NUL"):
            await store.append_step("g1", step(0, "h2\x00h3"))
        with pytest.raises(ValueError, match="Unicode"):
            await store.append_step("g1", step(0, seat="RED\ud800"))
        with pytest.raises(ValueError, match="Unicode"):
            await store.abort_game("g1", 0, dataclasses.replace(aborted(), result={"seat": "\udfff"}))
        with pytest.raises(ValueError, match="lease"):
            await store.claim_drive("g1", "a", 1.0, 0.0)
        with pytest.raises(TypeError, match="seats"):
            await store.touch_presence("g1", "RED", 1.0)
        assert await store.load_game("g1") == game()
        assert await store.presence("g1") == {}


@asynchronous
async def test_a_notification_too_big_for_postgres_is_refused_on_every_backend(store_url):
    async with opened(store_url) as store:
        await store.publish({"game": "g1", "kind": "relay", "message": {"chat": "x" * 7000}})
        with pytest.raises(ValueError, match="8000 bytes"):
            await store.publish({"game": "g1", "kind": "relay", "message": {"chat": "é" * 4000}})
        with pytest.raises(ValueError, match="kind"):
            await store.publish({"game": "g1"})
        with pytest.raises(TypeError, match="dict"):
            await store.publish("hello")


@asynchronous
async def test_a_store_answers_only_while_open(store_url):
    async with opened(store_url) as store:
        await store.ping()
    with pytest.raises(RuntimeError, match="not open|closed"):
        await store.load_game("g1")
    with pytest.raises(RuntimeError, match="not open|closed"):
        await store.ping()
