"""Where the names python-chess users type are defined on :class:`fourchess.Board` (no code here).

The C++ binding (``cpp/bindings/module.cpp``) binds each verb the core answers once, under its
final name and with its documentation, and handles its optional arguments (``is_check()`` asks
about the side to move): python-chess's names where the verb is python-chess's (``push``,
``piece_map``, ``attackers``, ``parse_uci``, ``set_piece_at``, ...), 4PC's where the text or the
answer is 4PC's (``move_text``, ``parse_move``, ``push_move``, ``king_square``).

``fourchess/board.py`` adds what only Python does (``empty``, ``legal_moves``, ``pop`` and
``history`` with their :class:`GameEvent` steps, ``outcome``, ``to_dict``, copies, pickling,
``==``, the text and SVG pictures) and python-chess's names for 4PC's verbs, each calling the
verb it names:

>>> board = Board()
>>> move = board.parse_san("j1i3")
>>> board.san(move), board.san(move) == board.move_text(move)
('Nj1-i3', True)
>>> board.push_san("Nj1-i3") == move, board.king(Seat.RED) == board.king_square(Seat.RED)
(True, True)
"""
