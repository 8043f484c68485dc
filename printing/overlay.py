"""Lay a pre-rendered form under the pages of a PDF (pypdf), without re-rendering it.

A súmula's form (rules, grids, labels) is the same on every page of a modality, and
WeasyPrint would lay it out again for every page. Instead it is rendered once, as its
own small PDF, and each of its pages becomes a Form XObject that every page of the
batch draws first (``q /TenteioForm0 Do Q``): no content stream is parsed or rewritten,
each page only gains a reference, so this costs well under a millisecond a page.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    IndirectObject,
    NameObject,
)


def _dict(value: Any) -> DictionaryObject:
    resolved = value.get_object()
    if not isinstance(resolved, DictionaryObject):
        raise ValueError(f"PDF: esperava um dicionário, veio {type(resolved).__name__}")
    return resolved


def _as_xobject(writer: PdfWriter, reader: PdfReader, index: int) -> IndirectObject:
    page = reader.pages[index]
    contents = page.get_contents()
    form = DecodedStreamObject()
    form.set_data(contents.get_data() if contents is not None else b"")
    form.update(
        {
            NameObject("/Type"): NameObject("/XObject"),
            NameObject("/Subtype"): NameObject("/Form"),
            NameObject("/BBox"): ArrayObject(page.mediabox),
            # clone() copies the fonts and images the form uses into this file.
            NameObject("/Resources"): _dict(page["/Resources"]).clone(writer),
        }
    )
    # pypdf 6 has no public call to add a free-standing object; pinned in requirements.
    return writer._add_object(form.flate_encode())


def under(pdf: bytes, forms: bytes, choice: Sequence[Sequence[int]]) -> bytes:
    """``pdf`` with the pages ``choice[i]`` of ``forms`` drawn, in that order, under its
    page ``i``."""
    writer = PdfWriter(clone_from=io.BytesIO(pdf))
    reader = PdfReader(io.BytesIO(forms))
    names: dict[int, str] = {}
    refs: dict[int, IndirectObject] = {}
    prefixes: dict[tuple[int, ...], IndirectObject] = {}
    for page, indices in zip(writer.pages, choice, strict=True):
        key = tuple(indices)
        for index in key:
            if index not in refs:
                names[index] = f"/TenteioForm{index}"
                refs[index] = _as_xobject(writer, reader, index)
        if key not in prefixes:
            prefix = DecodedStreamObject()
            prefix.set_data("".join(f"q {names[i]} Do Q\n" for i in key).encode())
            prefixes[key] = writer._add_object(prefix)
        # WeasyPrint shares one resource dictionary between all pages: adding the forms
        # to it again changes nothing.
        resources = _dict(page["/Resources"])
        if "/XObject" not in resources:
            resources[NameObject("/XObject")] = DictionaryObject()
        xobjects = _dict(resources["/XObject"])
        for index in key:
            xobjects[NameObject(names[index])] = refs[index]
        contents = page.get("/Contents")
        resolved = contents.get_object() if contents is not None else None
        parts = list(resolved) if isinstance(resolved, ArrayObject) else [contents] if contents else []
        page[NameObject("/Contents")] = ArrayObject([prefixes[key], *parts])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
