"""Writes of the digital tenteio: record a hand, undo the last one, close a partida.

Every write locks the jogo's ``tournaments.Match`` row (``SELECT ... FOR UPDATE``, the
same serialisation point as ``scoring.services.workflow``) before reading the hand log,
so two phones at one mesa cannot both add "hand 7": the second sees the first's hand
and is refused (``base`` mismatch) or scored after it. A hand is re-scored with the whole
partida by ``rules.hands.score_partida`` (volta kind, flor limit and the running score
included); an illegal hand is refused with the engine's V-H problems and nothing is
written. Each write bumps the public revision of the pages that show the jogo live (its
mesa, its chave's classificação, its teams, the live board) so they refresh.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.problem_text import render
from rules.hands import Hand, score_partida
from rules.modality_params import Modality
from rules.problems import CODES, Problem, has_errors
from scoring.access import ensure_can_enter, tournament_of
from scoring.services.entry import EntryData
from scoring.services.workflow import NO_ORIGIN, Origin, sheet_save
from tally import selectors
from tally.codec import encode, encode_award
from tally.models import HandEntry, PartidaClose
from tournaments.models import Match
from tournaments.revision import bump_match
from tournaments.services import recorded_user


class HandError(Exception):
    """A refused tenteio write; ``message`` is pt-BR, nothing was written."""

    status = 409

    def __init__(self, message: str, problems: Sequence[str] = (), codes: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.problems = list(problems)
        # The rule checks behind ``problems`` (V-H9…): for a ``data-`` attribute, never shown.
        self.codes = list(codes)


class HandInvalid(HandError):
    """The rules engine refused the hand (V-H codes)."""

    status = 422


@dataclass(frozen=True)
class Recorded:
    entry: HandEntry
    created: bool  # False: the key was already written (a retried POST)


def problem_text(p: Problem, modality: Modality | str = "tento") -> str:
    """The sentence a judge reads; the rule's check code (V-H…) stays in the logs."""
    return render(dataclasses.replace(p, game=None), modality)


def _lock(match: Match) -> None:
    Match.objects.select_for_update().filter(pk=match.pk).values_list("pk", flat=True).get()


def _open_state(match: Match) -> selectors.MatchState:
    state = selectors.match_state(match)
    if state.decided:
        raise HandError(_("O jogo já está decidido: envie a súmula."))
    return state


def hand_record(*, match: Match, user: Any, hand: Hand, key: uuid.UUID, base: int | None = None) -> Recorded:
    """Append ``hand`` to the partida in play. ``base`` is how many hands the judge saw in
    it (None: do not check). A ``key`` already written returns that hand unchanged.
    Locks the Match row."""
    ensure_can_enter(user, match)
    with transaction.atomic():
        _lock(match)
        existing = HandEntry.objects.filter(match=match, key=key).first()
        if existing is not None:
            return Recorded(existing, False)
        state = _open_state(match)
        if state.finished:
            raise HandError(
                _("A partida %(n)d terminou em %(a)d–%(b)d: confirme-a na súmula antes da próxima mão.")
                % {"n": state.game, "a": state.score[0], "b": state.score[1]}
            )
        if base is not None and base != len(state.rows):
            raise HandError(
                _(
                    "Outro aparelho lançou mãos nesta partida (%(server)d no servidor, "
                    "%(here)d nesta tela); nada foi gravado. Confira o placar e lance de novo."
                )
                % {"server": len(state.rows), "here": base}
            )
        hands = [*state.hands, hand]
        options = selectors.options_for(tournament_of(match))
        tally = score_partida(state.modality, hands, options=options, game=state.game)
        if has_errors(tally.problems) or len(tally.awards) != len(hands):
            errors = [p for p in tally.problems if p.is_error]
            texts = [problem_text(p, state.modality) for p in errors] or [_("Mão inválida.")]
            codes = [CODES[p.code].check or p.code if p.code in CODES else p.code for p in errors]
            raise HandInvalid(_("Mão recusada pelas regras da modalidade; nada foi gravado."), texts, codes)
        award = tally.awards[-1]
        entry = HandEntry(
            match=match,
            game=state.game,
            sequence=selectors.next_sequence(match),
            key=key,
            hand=encode(hand),
            award_a=award.a,
            award_b=award.b,
            components=encode_award(award)["components"],
            ends_partida=award.ends_partida,
            entered_by=recorded_user(user),
        )
        entry.full_clean()
        entry.save()
        bump_match(tournament_of(match).pk, match, live=True)
    return Recorded(entry, True)


def hand_undo(*, match: Match, user: Any, key: uuid.UUID) -> HandEntry:
    """Mark the hand ``key`` undone; only the last live hand of the partida in play may
    be undone (the later ones were scored at its score). Undoing twice is a no-op, so a
    retried undo never takes back a second hand. Locks the Match row."""
    ensure_can_enter(user, match)
    with transaction.atomic():
        _lock(match)
        entry = HandEntry.objects.filter(match=match, key=key).first()
        if entry is None:
            raise HandError(_("Esta mão não está no servidor; recarregue a página."))
        if entry.undone:
            return entry
        state = selectors.match_state(match)
        last = state.last
        if entry.game != state.game:
            raise HandError(
                _("A partida %(n)d já foi confirmada na súmula; corrija o placar pela súmula.")
                % {"n": entry.game}
            )
        if last is None or last.entry.pk != entry.pk:
            raise HandError(_("Só a última mão pode ser desfeita."))
        entry.undone_at = timezone.now()
        entry.undone_by = recorded_user(user)
        entry.save(update_fields=["undone_at", "undone_by"])
        bump_match(tournament_of(match).pk, match, live=True)
    return entry


def partida_close(*, match: Match, user: Any, game: int, origin: Origin = NO_ORIGIN) -> PartidaClose:
    """The judge confirms partida ``game``: its score (from the hands) is written into a
    new draft version of the súmula with the partidas confirmed before it, and the next
    partida starts at 0–0. Confirming the same partida again is a no-op. Locks the
    Match row (``sheet_save`` then takes the same lock inside this transaction)."""
    ensure_can_enter(user, match)
    with transaction.atomic():
        _lock(match)
        done = PartidaClose.objects.filter(match=match, game=game).first()
        if done is not None:
            return done
        state = _open_state(match)
        if game != state.game:
            raise HandError(_("A partida em jogo é a %(n)d.") % {"n": state.game})
        if not state.finished:
            raise HandError(
                _("A partida %(n)d ainda não terminou (%(a)d–%(b)d).")
                % {"n": game, "a": state.score[0], "b": state.score[1]}
            )
        games = [[c.score_a, c.score_b] for c in state.closed] + [list(state.score)]
        sheet = sheet_save(
            match=match,
            user=user,
            data=EntryData(result={"games": games}),
            base_version=selectors.latest_sheet_version(match),
            submit=False,
            origin=origin,
            source="tenteio",
        )
        close = PartidaClose(
            match=match,
            game=game,
            score_a=state.score[0],
            score_b=state.score[1],
            hands=len(state.rows),
            sheet_version=sheet.version,
            confirmed_by=recorded_user(user),
        )
        close.full_clean()
        close.save()
        bump_match(tournament_of(match).pk, match, live=True)
    return close
