"""Tournament pages (public and staff)."""

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("<slug:slug>/", views.TournamentDetailView.as_view(), name="detail"),
    path("<slug:slug>/classificacao/", views.StandingsView.as_view(), name="standings"),
    path("<slug:slug>/classificacao.json", views.StandingsJsonView.as_view(), name="standings_json"),
    path("<slug:slug>/exportar.json", views.ExportView.as_view(), name="export"),
]
