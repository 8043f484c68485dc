"""Organizer pages of the next phase and the mata-mata."""

from django.urls import path

from knockout import views, views_phase

app_name = "knockout"

G = "t/<slug:slug>/gestao/"

urlpatterns = [
    path(G + "proxima-fase/", views_phase.NextPhaseView.as_view(), name="next_phase"),
    path(G + "mata-mata/", views.BracketManageView.as_view(), name="bracket"),
]
