"""The small-board study script (``scripts/optimal_small.py``) still finds the optimum:
its self-test checks the exact solver against brute force on tiny boards."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parent.parent / "scripts" / "optimal_small.py"


def test_exact_solver_agrees_with_brute_force() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--selftest"], capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "selftest PASSED" in done.stdout
    # 4×3 with one destroyer: greedy with random ties is measurably worse than optimal.
    assert "4x3 [2] sides: fleets=17 opt=5.117647 brute=5.117647" in done.stdout
    assert "greedy(rand)=5.176471" in done.stdout
