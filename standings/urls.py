"""Public pages of a tournament: home, classificação, JSON, export."""

from django.urls import path

from standings import views

app_name = "standings"

urlpatterns = [
    path("<slug:slug>/", views.TournamentDetailView.as_view(), name="detail"),
    path("<slug:slug>/classificacao/", views.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/classificacao.json", views.StandingsJsonView.as_view(), name="standings_json"),
    path("<slug:slug>/exportar.json", views.ExportView.as_view(), name="export"),
]
