"""A tournament's public pages and JSON (under /t/), and the home page."""

from django.urls import path

from public import (
    views,
    views_bracket,
    views_circuit,
    views_embed,
    views_live,
    views_share,
    views_swiss,
    views_telao,
)

app_name = "public"

urlpatterns = [
    path("t/<slug:slug>/", views.TournamentHomeView.as_view(), name="home"),
    path("t/<slug:slug>/classificacao/", views.StandingsView.as_view(), name="standings"),
    path("t/<slug:slug>/classificacao.json", views.StandingsJsonView.as_view(), name="standings_json"),
    path("t/<slug:slug>/classificados/", views.QualificationView.as_view(), name="qualification"),
    path("t/<slug:slug>/resultados/", views.ResultsView.as_view(), name="results"),
    path("t/<slug:slug>/resultados.json", views.ResultsJsonView.as_view(), name="results_json"),
    path("t/<slug:slug>/programacao/", views.ScheduleView.as_view(), name="schedule"),
    path("t/<slug:slug>/suico/", views_swiss.SwissView.as_view(), name="swiss"),
    path("t/<slug:slug>/mata-mata/", views_bracket.BracketView.as_view(), name="bracket"),
    path("t/<slug:slug>/mata-mata.json", views_bracket.BracketJsonView.as_view(), name="bracket_json"),
    # By id: a team's key comes from imported files and may hold any character ("a/b").
    path("t/<slug:slug>/equipes/<int:team_id>/", views.TeamView.as_view(), name="team"),
    path("t/<slug:slug>/ao-vivo/", views_live.LiveBoardView.as_view(), name="live_board"),
    # By id: a mesa's name is free text ("1/2" is a name) and would not fit in a path.
    path("t/<slug:slug>/mesas/<int:table_id>/", views_live.LiveMesaView.as_view(), name="mesa"),
    # Pictures to share and embeds (by id: a chave's name is free text).
    path("t/<slug:slug>/jogos/<int:match_id>/", views_share.JogoView.as_view(), name="jogo"),
    path(
        "t/<slug:slug>/imagens/classificacao/<int:group_id>.png",
        views_share.ChavePictureView.as_view(),
        name="chave_png",
    ),
    path("t/<slug:slug>/imagens/mata-mata.png", views_share.BracketPictureView.as_view(), name="bracket_png"),
    path(
        "t/<slug:slug>/imagens/jogos/<int:match_id>.png",
        views_share.JogoPictureView.as_view(),
        name="jogo_png",
    ),
    path("t/<slug:slug>/imagens/podio.png", views_share.PodiumPictureView.as_view(), name="podium_png"),
    path(
        "t/<slug:slug>/embed/classificacao/<int:group_id>/",
        views_embed.ChaveEmbedView.as_view(),
        name="embed_chave",
    ),
    path("t/<slug:slug>/embed/mata-mata/", views_embed.BracketEmbedView.as_view(), name="embed_bracket"),
    path("circuito/<slug:slug>/", views_circuit.circuit_page, name="circuit"),
    path("t/<slug:slug>/telao/", views_telao.TelaoView.as_view(), name="telao"),
    path("circuito/<slug:slug>/revisao.json", views_circuit.circuit_revision_json, name="circuit_revision"),
    path("t/<slug:slug>/revisao.json", views.RevisionView.as_view(), name="revision"),
]
