"""Organizer pages of circuits (paths are absolute from the site root)."""

from django.urls import path

from circuits import views, views_links

app_name = "circuits"

G = "circuitos/<slug:slug>/gestao/"

urlpatterns = [
    path("circuitos/", views.CircuitListView.as_view(), name="list"),
    path("circuitos/novo/", views.CircuitCreateView.as_view(), name="create"),
    path(G, views.CircuitManageView.as_view(), name="manage"),
    path(G + "equipes/", views_links.TeamLinksView.as_view(), name="teams"),
    path(G + "jogadores/", views_links.PlayerLinksView.as_view(), name="players"),
]
