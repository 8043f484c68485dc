"""The description of one hand (mão / volta) and of its award: the inputs and outputs of
``rules.hands``.

A judge's phone builds a :class:`Hand` from big buttons ("truco aceito — Nós" is
``TrucoPart.won(Side.A, TrucoCall.TRUCO)``, "envido não querido — Eles" is
``EnvidoPart.refused(EnvidoBet(EnvidoCall.ENVIDO, Side.B))``) and a detailed form for the
rest (chains, flor, penalties, testa duels). Everything is a frozen dataclass or an enum;
bad combinations are not refused here but reported as problems by
:func:`rules.hands.score.score_hand` (never raise on bad input).

Sides: "who takes the points" is always written as the receiving side (``to``,
``winner``), so a button names the side that scores; a refusal is credited to the side
whose call was refused (docs/rules.md §2, "the caller takes the refusal value").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum

from rules.modality_params import Family, Modality
from rules.problems import Problem
from rules.results import Side


class Variant(str, Enum):
    """The hand-level rule set: 000 splits into Cego (Art. 23) and Amostra (Art. 24)."""

    CEGO = "cego_000"
    AMOSTRA = "amostra_000"
    CEGO_DUPLA = "cego_dupla_001"
    PAULISTA = "paulista_002"
    GOIANO = "goiano_003"
    URUGUAIO = "uruguaio_004"


_BY_FAMILY = {
    Family.CEGO_DUPLA_001: Variant.CEGO_DUPLA,
    Family.PAULISTA_002: Variant.PAULISTA,
    Family.GOIANO_003: Variant.GOIANO,
    Family.URUGUAIO_004: Variant.URUGUAIO,
}


def variant_of(modality: Modality) -> Variant:
    """The hand rules of ``modality``; 000 presets are told apart by their key
    (``truco-amostra-*``), which tournament overrides never change."""
    if modality.family is Family.GAUCHO_000:
        return Variant.AMOSTRA if "amostra" in modality.key else Variant.CEGO
    return _BY_FAMILY[modality.family]


GAUCHO_000 = frozenset({Variant.CEGO, Variant.AMOSTRA})
WITH_ENVIDO = frozenset({Variant.CEGO, Variant.AMOSTRA, Variant.CEGO_DUPLA, Variant.URUGUAIO})
LADDER_3_6_9_12 = frozenset({Variant.PAULISTA, Variant.GOIANO})


class TrucoCall(str, Enum):
    """The last truco-level call of a hand. Ladder 2-3-4: TRUCO, RETRUCO, VALE_QUATRO
    (000/001/004); ladder 3-6-9-12: TRUCO, SEIS, NOVE, DOZE (002/003)."""

    NONE = "none"
    TRUCO = "truco"
    RETRUCO = "retruco"
    VALE_QUATRO = "vale_quatro"
    SEIS = "seis"
    NOVE = "nove"
    DOZE = "doze"


class TrucoEnd(str, Enum):
    """How the truco part ended."""

    WON = "won"  # played out (or the other side passed its cards): ``to`` took the hand
    REFUSED = "refused"  # the last call was refused: ``to`` is the caller; in a mão de onze, a fold
    TIED = "tied"  # every trick tied (pardas): settled per modality (AMB-19)
    BARALHO = "baralho"  # ``to``'s opponent went to the baralho before play started (000 L781)
    NOT_PLAYED = "not_played"  # the partida closed in the envido phase, or a penalty ended the hand


class EnvidoCall(str, Enum):
    ENVIDO = "E"
    REAL = "RE"  # ``n`` real envidos at once (000: "dois, três ou mais REAL ENVIDO")
    FALTA = "F"
    TENTOS = "N"  # Amostra: "n tentos de envido" [000 L1353]
    ADVANTAGE = "V"  # Amostra: the bet whose name is lost (⚠M32): the leader's advantage


class FlorCall(str, Enum):
    CONTRA_FLOR = "CF"
    CONTRA_FLOR_RESTO = "CFR"
    CONTRA_FLOR_FALTA = "CFF"  # 001 "a minha falta envido"; Amostra "contra flor a falta envido"
    COM_FLOR = "CFQ"  # Amostra "com flor + n Real Envidos" [000 L1245]


class VoltaKind(str, Enum):
    RODA = "roda"
    TESTA = "testa"  # 000 Cego only: one duel per player, settled separately


class Part(str, Enum):
    ENVIDO = "envido"
    FLOR = "flor"
    TRUCO = "truco"
    PENALTY = "penalty"


class Infraction(str, Enum):
    """Penalties of docs/rules.md §2 (catalog with values and sources in ``penalties``)."""

    LOOKED_OUT_OF_TURN = "looked_out_of_turn"
    SIGNAL = "signal"
    SPOKE_IN_TESTA = "spoke_in_testa"
    CARDS_COLLECTED = "cards_collected"
    PASSED_WITHOUT_SPEAKING = "passed_without_speaking"
    WRONG_CARD_COUNT = "wrong_card_count"
    FLOR_BY_MISTAKE = "flor_by_mistake"
    FLOR_RENEGADA = "flor_renegada"
    PECO_FLOR = "peco_flor"
    CANTO_EQUIVOCADO = "canto_equivocado"
    MISDEAL = "misdeal"
    BARALHO_LOOK = "baralho_look"
    TENTO = "tento"
    BURNED_CARD = "burned_card"
    FOUR_CARDS_PLAYED = "four_cards_played"
    FOUR_CARDS_PARTNER = "four_cards_partner"
    SHORT_DEAL = "short_deal"
    FOUR_CARDS_DEALT = "four_cards_dealt"
    OTHER = "other"  # a commission decision: explicit points and article


@dataclass(frozen=True, slots=True)
class TrucoPart:
    end: TrucoEnd = TrucoEnd.NOT_PLAYED
    to: Side | None = None  # who takes the truco points (WON / REFUSED / BARALHO)
    level: TrucoCall = TrucoCall.NONE

    @classmethod
    def won(cls, to: Side, level: TrucoCall = TrucoCall.NONE) -> TrucoPart:
        return cls(TrucoEnd.WON, to, level)

    @classmethod
    def refused(cls, to: Side, level: TrucoCall) -> TrucoPart:
        return cls(TrucoEnd.REFUSED, to, level)

    @classmethod
    def tied(cls, level: TrucoCall = TrucoCall.NONE) -> TrucoPart:
        return cls(TrucoEnd.TIED, None, level)


NOT_PLAYED = TrucoPart()


@dataclass(frozen=True, slots=True)
class EnvidoBet:
    call: EnvidoCall
    by: Side
    n: int = 1  # REAL: how many real envidos; TENTOS: how many tentos


@dataclass(frozen=True, slots=True)
class EnvidoPart:
    """An envido chain in call order; calls alternate sides (each is a revide)."""

    calls: tuple[EnvidoBet, ...]
    accepted: bool = True
    winner: Side | None = None  # accepted: who won the points (None with ``tied``)
    tied: bool = False  # accepted and equal points: the mão (000/001) or the dealer (004)
    a_minha_falta: bool = False  # 001: the leader answered the F with "a minha falta quero"

    @classmethod
    def won(cls, winner: Side, *calls: EnvidoBet) -> EnvidoPart:
        return cls(tuple(calls), True, winner)

    @classmethod
    def refused(cls, *calls: EnvidoBet) -> EnvidoPart:
        return cls(tuple(calls), False)


@dataclass(frozen=True, slots=True)
class FlorBet:
    call: FlorCall
    by: Side
    reals: int = 0  # Amostra: "CONTRA-FLOR 6 Real Envido" / "COM FLOR n Real Envido"


@dataclass(frozen=True, slots=True)
class FlorPart:
    """Flores sung (one entry per flor, the first singer first) and the raises over them.

    With flores on one side only the raises are void ("vale como uma FLOR SIMPLES",
    000 L443). ``accepted=False`` means the last raise was refused / the side achicou;
    with no raise, that the side that did not sing first achicou ("com flor me achico").
    """

    flores: tuple[Side, ...]
    raises: tuple[FlorBet, ...] = ()
    accepted: bool = True
    winner: Side | None = None  # contest accepted: the side with the bigger flor
    tied: bool = False  # equal flores: the mão (000/001) or the dealer (004 L55)
    singers: tuple[str, ...] = ()  # player ids, one per flor (001 flor limit, V-H12)


@dataclass(frozen=True, slots=True)
class Penalty:
    infraction: Infraction
    offender: Side  # the opponent is credited (AMB-17)
    points: int | None = None  # None: the catalog value (the hand value for a "tento")
    article: str = ""  # required for OTHER


@dataclass(frozen=True, slots=True)
class Deal:
    """What happened in a roda hand, or in one testa duel."""

    mao: Side  # the side of the mão (first to play); the dealer is the other side
    truco: TrucoPart = NOT_PLAYED
    envido: EnvidoPart | None = None
    flor: FlorPart | None = None
    penalties: tuple[Penalty, ...] = ()


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand of a partida: a roda (one deal) or a 000 Cego testa (one deal per duel)."""

    deals: tuple[Deal, ...]
    kind: VoltaKind = VoltaKind.RODA
    lei_do_jogo: Side | None = None  # who called "está tudo dito na lei do jogo"
    reported: tuple[int, int] | None = None  # awards written on the súmula, checked (V-H1)

    @classmethod
    def roda(
        cls,
        mao: Side,
        truco: TrucoPart = NOT_PLAYED,
        *,
        envido: EnvidoPart | None = None,
        flor: FlorPart | None = None,
        penalties: tuple[Penalty, ...] = (),
        lei_do_jogo: Side | None = None,
        reported: tuple[int, int] | None = None,
    ) -> Hand:
        deal = Deal(mao, truco, envido, flor, penalties)
        return cls((deal,), VoltaKind.RODA, lei_do_jogo, reported)

    @classmethod
    def testa(cls, *duels: Deal, reported: tuple[int, int] | None = None) -> Hand:
        return cls(tuple(duels), VoltaKind.TESTA, None, reported)


@dataclass(frozen=True, slots=True)
class HandOptions:
    """Options agreed for the match (V-M20) and hand-level defaults."""

    pata_lisa: bool = False  # 001: no flor [001 L38]
    one_flor_per_player: bool = False  # 001: at most one flor per player per partida
    mao_de_onze_decline: int = 1  # 002: declining the mão de 11 (AMB-14)


DEFAULT_OPTIONS = HandOptions()


@dataclass(frozen=True, slots=True)
class Component:
    """One line of an award's explanation; ``points`` before clamping."""

    part: Part
    side: Side
    points: int
    note: str = ""  # the chain, call or rulebook source (e.g. "E-RE-F", "000 L147")


@dataclass(frozen=True, slots=True)
class HandAward:
    """Points credited by a hand, clamped at the target (AMB-08)."""

    a: int
    b: int
    components: tuple[Component, ...] = ()
    ends_partida: bool = False

    def for_side(self, side: Side) -> int:
        return self.a if side is Side.A else self.b

    @property
    def raw(self) -> tuple[int, int]:
        """The sum of the components before clamping."""
        a = sum(c.points for c in self.components if c.side is Side.A)
        return a, sum(c.points for c in self.components) - a


@dataclass(frozen=True, slots=True)
class HandOutcome:
    award: HandAward | None  # None when the hand has an error
    problems: tuple[Problem, ...] = ()


@dataclass(frozen=True, slots=True)
class PartidaTally:
    """A whole partida from its hand log; unpacks as ``score, awards, problems``."""

    score: tuple[int, int]
    awards: tuple[HandAward, ...] = ()
    problems: tuple[Problem, ...] = field(default=())

    def __iter__(self) -> Iterator[object]:
        return iter((self.score, self.awards, self.problems))
