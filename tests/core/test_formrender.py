"""``core.formrender.FastWidgets`` writes exactly what Django's widget templates write."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates, get_default_renderer
from django.test import Client
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from core.formrender import FastWidgets

SLOW, FAST = DjangoTemplates(), FastWidgets()
ATTRS: list[dict[str, Any]] = [
    {},
    {"id": "id_campo", "class": "big", "required": True, "disabled": False, "data-x": 'a"b<c>'},
    {"inputmode": "numeric", "autocomplete": "off", "maxlength": 3},
]
VALUES: list[Any] = [None, "", "24", "a<b>&\"c'", mark_safe("<i>seguro</i>"), 7, 1.5, "Tião Prestes"]
CHOICES: list[Any] = [
    ("", "—"),
    ("a", "Equipe <A>"),
    (2, gettext_lazy("Resultado")),
    ("Grupo & cia", [("g1", "um"), ("g2", mark_safe("<b>dois</b>"))]),
]
WIDGETS: list[forms.Widget] = [
    forms.TextInput(),
    forms.NumberInput(),
    forms.HiddenInput(),
    forms.EmailInput(),
    forms.PasswordInput(render_value=True),
    forms.DateInput(),
    forms.CheckboxInput(),
    forms.Textarea(attrs={"rows": 2}),
    forms.Select(choices=CHOICES),
    forms.SelectMultiple(choices=CHOICES),
    forms.CheckboxSelectMultiple(choices=CHOICES),
    forms.RadioSelect(choices=CHOICES),
]


@pytest.mark.parametrize("widget", WIDGETS, ids=lambda w: type(w).__name__)
def test_every_widget_is_written_as_the_templates_write_it(widget: forms.Widget) -> None:
    values: list[Any] = [*VALUES, True, False, ["a", "g2"], [2]]
    for attrs in ATTRS:
        for value in values:
            slow = widget.render("campo", value, attrs=dict(attrs), renderer=SLOW)
            fast = widget.render("campo", value, attrs=dict(attrs), renderer=FAST)
            assert fast == slow, (type(widget).__name__, attrs, value)


def test_a_widget_it_does_not_know_goes_to_the_templates() -> None:
    widget = forms.ClearableFileInput()
    assert widget.render("f", None, renderer=FAST) == widget.render("f", None, renderer=SLOW)
    both = forms.SplitDateTimeWidget()
    assert both.render("d", None, renderer=FAST) == both.render("d", None, renderer=SLOW)


@pytest.mark.django_db
def test_the_judges_entry_page_is_the_same_with_either_renderer(settings: Any) -> None:
    from tests.scoring.conftest import make_tournament, user

    t = make_tournament()
    judge = user("juiz", t, "organizer")
    match = t.stages.first().matches.order_by("pk").first()  # type: ignore[union-attr]
    client = Client()
    client.force_login(judge)
    url = reverse("scoring:entry", args=[t.slug, match.pk])
    pages = []
    for renderer in ("django.forms.renderers.DjangoTemplates", "core.formrender.FastWidgets"):
        settings.FORM_RENDERER = renderer
        used = type(get_default_renderer())
        assert f"{used.__module__}.{used.__name__}" == renderer
        html = client.get(url).content.decode()
        pages.append(re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", html))
    assert "<select" in pages[0] and 'type="checkbox"' in pages[0] and "<textarea" in pages[0]
    assert pages[0] == pages[1]
