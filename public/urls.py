"""A tournament's public pages and JSON (under /t/), and the home page."""

from django.urls import path

from public import views, views_bracket, views_circuit, views_live

app_name = "public"

urlpatterns = [
    path("t/<slug:slug>/", views.TournamentHomeView.as_view(), name="home"),
    path("t/<slug:slug>/classificacao/", views.StandingsView.as_view(), name="standings"),
    path("t/<slug:slug>/classificacao.json", views.StandingsJsonView.as_view(), name="standings_json"),
    path("t/<slug:slug>/classificados/", views.QualificationView.as_view(), name="qualification"),
    path("t/<slug:slug>/resultados/", views.ResultsView.as_view(), name="results"),
    path("t/<slug:slug>/resultados.json", views.ResultsJsonView.as_view(), name="results_json"),
    path("t/<slug:slug>/programacao/", views.ScheduleView.as_view(), name="schedule"),
    path("t/<slug:slug>/mata-mata/", views_bracket.BracketView.as_view(), name="bracket"),
    path("t/<slug:slug>/mata-mata.json", views_bracket.BracketJsonView.as_view(), name="bracket_json"),
    # By id: a team's key comes from imported files and may hold any character ("a/b").
    path("t/<slug:slug>/equipes/<int:team_id>/", views.TeamView.as_view(), name="team"),
    path("t/<slug:slug>/ao-vivo/", views_live.LiveBoardView.as_view(), name="live_board"),
    # By id: a mesa's name is free text ("1/2" is a name) and would not fit in a path.
    path("t/<slug:slug>/mesas/<int:table_id>/", views_live.LiveMesaView.as_view(), name="mesa"),
    path("circuito/<slug:slug>/", views_circuit.circuit_page, name="circuit"),
    path("circuito/<slug:slug>/revisao.json", views_circuit.circuit_revision_json, name="circuit_revision"),
    path("t/<slug:slug>/revisao.json", views.RevisionView.as_view(), name="revision"),
]
