"""The adversarial generator: positions of the shapes random games avoid (double checks, king
captures under check, promotions as the only moves, en passant that checks or unpins, walking
kings, ...), compared core against reference in forked children, and the disagreements shrunk.

Run from fuzz/ (or with fuzz/ on PYTHONPATH): ``python -m adversarial.run`` compares a batch
(the summary is JSON on stdout), ``python -m adversarial.minimize SUMMARY.json`` shrinks each
class of disagreement to a line of tests/data/differential/adversarial_found.txt. The tests
(tests/differential/test_adversarial*.py) run the runner the same way; pytest's pythonpath puts
fuzz/ on sys.path for them.
"""
