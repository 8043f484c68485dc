"""One row per action: who, when, from where, what, and the records before and after.

``tournament_id`` is a plain number, not a foreign key, so the trail of a deleted
tournament survives its deletion. An action that changes several rows (a súmula sent and
confirmed, a sorteio writing its chaves) is one entry: ``before``/``after`` hold the
main row as it was and became, ``changes`` every row's readable diff. The sentence and
the readable diff are written in every language of the site (``summaries``,
``changes_by_language``; ``summary``/``changes`` keep the pt-BR text for the admin and
searches), and read in the reader's with :meth:`AuditEntry.summary_in` and
:meth:`AuditEntry.changes_in` (see ``audit.languages``). Rows are only
ever added: ``save()`` refuses to change a stored entry and the admin is read-only (the
signal handlers complete an entry while its own request runs, see ``audit.signals``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from audit.languages import pick


class AuditEntry(models.Model):
    class Action(models.TextChoices):
        CREATE = "create", _("criado")
        UPDATE = "update", _("alterado")
        DELETE = "delete", _("removido")

    class Kind(models.TextChoices):
        SETTINGS = "configuracao", _("configuração do torneio")
        PEOPLE = "organizacao", _("comissão e juízes")
        TEAMS = "equipes", _("equipes e situação")
        DRAWS = "sorteios", _("chaves e sorteios")
        SCHEDULE = "programacao", _("rodadas, jogos e mesas")
        SHEETS = "sumulas", _("súmulas")
        HOMOLOGATION = "homologacao", _("homologação e reversão")
        DISQUALIFICATION = "desclassificacao", _("desclassificação")

    tournament_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    at = models.DateTimeField(_("quando"), default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The username at the time (kept if the account goes), or "comando" / "sistema".
    actor_label = models.CharField(_("quem"), max_length=150)
    ip = models.GenericIPAddressField(_("de onde"), null=True, blank=True)
    where = models.CharField(_("página ou comando"), max_length=100, blank=True)
    action = models.CharField(_("ação"), max_length=10, choices=Action.choices)
    kind = models.CharField(_("tipo"), max_length=20, choices=Kind.choices, db_index=True)
    model = models.CharField(_("registro"), max_length=60)
    object_id = models.CharField(max_length=40, blank=True)
    summary = models.CharField(_("resumo"), max_length=300)
    # {"pt-br": "Comissão homologou…", "en": "…"}: the sentence in each language, written with it.
    summaries = models.JSONField(_("resumo em cada idioma"), default=dict, blank=True)
    before = models.JSONField(_("antes"), null=True, blank=True)
    after = models.JSONField(_("depois"), null=True, blank=True)
    # [{"record": "Súmula v2 …", "action": "update", "fields": [[label, before, after], …]}]:
    # pt-BR text written with the entry, so it reads the same after the rows are gone.
    changes = models.JSONField(_("alterações"), default=list, blank=True)
    # {"pt-br": [...], "en": [...]}: ``changes`` in each language, written with the entry.
    changes_by_language = models.JSONField(_("alterações em cada idioma"), default=dict, blank=True)
    # What the filters look for: the jogo, and "|id|id|" lists of teams and people.
    match_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    teams = models.CharField(max_length=400, blank=True, default="")
    people = models.CharField(max_length=400, blank=True, default="")

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("registro de auditoria")
        verbose_name_plural = _("registros de auditoria")
        indexes = [models.Index(fields=["tournament_id", "kind", "at"], name="audit_tournament_kind_at")]

    def __str__(self) -> str:
        return f"{self.at:%d/%m/%Y %H:%M} {self.actor_label}: {self.summary}"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise PermissionError(_("Um registro de auditoria não pode ser alterado."))
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        raise PermissionError(_("Um registro de auditoria não pode ser removido."))

    def summary_in(self, language: str | None = None) -> str:
        """The sentence in ``language`` (the active one by default), else in pt-BR."""
        return pick(self.summaries, self.summary, language)

    def changes_in(self, language: str | None = None) -> list[Any]:
        """The readable before/after in ``language`` (the active one by default), else in pt-BR."""
        return pick(self.changes_by_language, self.changes or [], language)
