"""CPU players for fourchess: player specs and matches between them."""
