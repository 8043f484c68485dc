"""Judge and organizer pages of súmulas (paths are absolute from the site root)."""

from django.urls import path

from scoring import phone
from scoring import views_judge as judge
from scoring import views_links as links
from scoring import views_organizer as organizer
from scoring import views_withdraw as withdraw

app_name = "scoring"

urlpatterns = [
    path("j/<str:code>/", judge.CodeView.as_view(), name="code"),
    path("juiz/sw.js", phone.WorkerView.as_view(), name="phone_worker"),
    path("juiz/eu.json", phone.WhoView.as_view(), name="phone_who"),
    path("juiz/<slug:slug>/", judge.JudgeHomeView.as_view(), name="judge_home"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/", judge.EntryView.as_view(), name="entry"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/assinar/", judge.SignView.as_view(), name="sign"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/conferir/", judge.CheckView.as_view(), name="check"),
    path("t/<slug:slug>/sumulas/", organizer.RoundSheetsView.as_view(), name="round"),
    path("t/<slug:slug>/sumulas/homologar/", organizer.BulkHomologateView.as_view(), name="bulk_homologate"),
    path("t/<slug:slug>/sumulas/pins/", organizer.PinsView.as_view(), name="pins"),
    path(
        "t/<slug:slug>/sumulas/pins/<int:team_id>/desbloquear/",
        organizer.PinUnlockView.as_view(),
        name="pin_unlock",
    ),
    path("t/<slug:slug>/sumulas/<int:match_id>/", organizer.HistoryView.as_view(), name="history"),
    path(
        "t/<slug:slug>/sumulas/<int:match_id>/homologar/",
        organizer.HomologateView.as_view(),
        name="homologate",
    ),
    path("t/<slug:slug>/sumulas/<int:match_id>/reverter/", organizer.RevertView.as_view(), name="revert"),
    path(
        "t/<slug:slug>/sumulas/<int:match_id>/decidir-digitacao/",
        organizer.ResolveView.as_view(),
        name="resolve_entries",
    ),
    path("acesso/<str:token>/", links.LinkOpenView.as_view(), name="link_open"),
    path("t/<slug:slug>/gestao/organizacao/links/", links.LinkCreateView.as_view(), name="link_create"),
    path(
        "t/<slug:slug>/gestao/organizacao/links/<int:link_id>/revogar/",
        links.LinkRevokeView.as_view(),
        name="link_revoke",
    ),
    path(
        "t/<slug:slug>/gestao/equipes/<int:pk>/retirar/", withdraw.TeamWithdrawView.as_view(), name="withdraw"
    ),
]
