"""The package version, in one place (``ginrules.__version__``, ``ginrules --version``)."""

__version__ = "0.2.0"
