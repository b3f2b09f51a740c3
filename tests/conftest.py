"""Shared test configuration: hypothesis profiles.

No profile has a wall-clock deadline or the too-slow health check: both measure the
machine's load as much as the code, and the test command must pass on a busy machine
(speed is measured by the benchmarks, never by a test)."""

import os

from hypothesis import HealthCheck, Phase, settings

# the scripts that made test data (tests/data/kaggle/make_episode.py needs
# kaggle-environments) are not tests, nor modules whose doctests run here
collect_ignore_glob = ["data/*"]

_ANY_LOAD = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("default", max_examples=200, **_ANY_LOAD)
settings.register_profile("ci", max_examples=300, derandomize=True, **_ANY_LOAD)
settings.register_profile("thorough", max_examples=5000, **_ANY_LOAD)
# mutation testing runs the tests once per mutant: fewer examples, the same every time,
# and no shrinking (a mutant only needs one failing example, not the smallest)
settings.register_profile("mutation", max_examples=25, derandomize=True,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate], **_ANY_LOAD)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
