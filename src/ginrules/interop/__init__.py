"""Everything that speaks another project's language.

* :mod:`ginrules.interop.openspiel`: OpenSpiel's ``gin_rummy`` card ids, its action
  histories as records (:func:`~ginrules.interop.openspiel.from_openspiel`), and the
  validator's explanations of where OpenSpiel's rules differ;
* :mod:`ginrules.interop.convert`: what ``ginrules convert`` runs: OpenSpiel histories as
  text, Kaggle's episodes of OpenSpiel's gin rummy as records, records as OpenSpiel
  histories;
* :mod:`ginrules.interop.rlcard`: RLCard's ``gin-rummy`` card ids.

Nothing here imports a peer project at import time: adapters that need one import it
when they are used.

>>> from ginrules.interop.openspiel import card_from_openspiel_id
>>> str(card_from_openspiel_id(0))
'AS'
"""

__all__: list[str] = []
