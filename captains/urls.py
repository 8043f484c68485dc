"""URLs of the capataz's page and of its organizer's side (paths from the site root)."""

from django.urls import path

from captains import views, views_organizer

app_name = "captains"

C = "capataz/<str:token>/"
T = "t/<slug:slug>/gestao/equipes/<int:pk>/capataz/"

urlpatterns = [
    path(C, views.PageView.as_view(), name="page"),
    path(C + "revisao.json", views.RevisionView.as_view(), name="revision"),
    path(C + "assinar/", views.SignView.as_view(), name="sign"),
    path(C + "contestar/", views.ContestView.as_view(), name="contest"),
    path(T, views_organizer.IssueView.as_view(), name="issue"),
    path(T + "revogar/", views_organizer.RevokeView.as_view(), name="revoke"),
    path(
        "t/<slug:slug>/sumulas/<int:match_id>/contestacoes/",
        views_organizer.AnswerView.as_view(),
        name="answer",
    ),
]
