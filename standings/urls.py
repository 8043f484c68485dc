"""Public pages of a tournament (under /t/) and the organizer's sorteio/import/export."""

from django.urls import path

from standings import views, views_bracket, views_staff

app_name = "standings"

urlpatterns = [
    path("importar/", views_staff.ImportView.as_view(), name="import"),
    path("<slug:slug>/", views.TournamentHomeView.as_view(), name="home"),
    path("<slug:slug>/classificacao/", views.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/classificacao.json", views.StandingsJsonView.as_view(), name="standings_json"),
    path("<slug:slug>/classificados/", views.QualificationView.as_view(), name="qualification"),
    path("<slug:slug>/resultados/", views.ResultsView.as_view(), name="results"),
    path("<slug:slug>/resultados.json", views.ResultsJsonView.as_view(), name="results_json"),
    path("<slug:slug>/programacao/", views.ScheduleView.as_view(), name="schedule"),
    path("<slug:slug>/mata-mata/", views_bracket.BracketView.as_view(), name="bracket"),
    path("<slug:slug>/mata-mata.json", views_bracket.BracketJsonView.as_view(), name="bracket_json"),
    # By id: a team's key comes from imported files and may hold any character ("a/b").
    path("<slug:slug>/equipes/<int:team_id>/", views.TeamView.as_view(), name="team"),
    path("<slug:slug>/revisao.json", views.RevisionView.as_view(), name="revision"),
    path("<slug:slug>/sorteio/", views_staff.LotsView.as_view(), name="lots"),
    path("<slug:slug>/exportar.json", views_staff.ExportView.as_view(), name="export"),
]
