"""Shared test configuration: hypothesis profiles."""

import os

from hypothesis import HealthCheck, Phase, settings

settings.register_profile("default", max_examples=200)
settings.register_profile(
    "ci", max_examples=300, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=5000)
# mutation testing runs the tests once per mutant: fewer examples, the same every time,
# and no shrinking (a mutant only needs one failing example, not the smallest)
settings.register_profile("mutation", max_examples=25, derandomize=True, deadline=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate],
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
