"""Organizer pages of tournament set-up (paths are absolute from the site root)."""

from django.urls import path

from tournaments import views, views_draw, views_edit, views_teams

app_name = "tournaments"

G = "t/<slug:slug>/gestao/"

urlpatterns = [
    path("torneios/novo/", views.TournamentCreateView.as_view(), name="create"),
    path("torneios/meus/", views.MyTournamentsView.as_view(), name="mine"),
    path(G, views.DashboardView.as_view(), name="dashboard"),
    path(G + "organizacao/", views.MembersView.as_view(), name="members"),
    path(G + "publicacao/", views.PublicationView.as_view(), name="publication"),
    path(G + "equipes/", views_teams.TeamListView.as_view(), name="teams"),
    path(G + "equipes/nova/", views_teams.TeamFormView.as_view(), name="team_create"),
    path(G + "equipes/<int:pk>/", views_teams.TeamFormView.as_view(), name="team_edit"),
    path(G + "equipes/importar/", views_teams.ImportView.as_view(), name="import"),
    path("torneios/modelo-inscricoes.csv", views_teams.import_template, name="import_template"),
    path(G + "checkin/", views_teams.CheckinView.as_view(), name="checkin"),
    path(G + "chaves/", views_draw.GroupsView.as_view(), name="groups"),
    path(G + "rodadas/", views_draw.ScheduleView.as_view(), name="schedule"),
    path(G + "editar/", views_edit.TournamentEditView.as_view(), name="edit"),
    path(G + "inscricoes/", views_edit.RegistrationView.as_view(), name="registration"),
    path(G + "equipes/<int:pk>/excluir/", views_edit.TeamDeleteView.as_view(), name="team_delete"),
    path(
        G + "organizacao/<int:membership_id>/nova-senha/",
        views_edit.JudgePasswordView.as_view(),
        name="judge_password",
    ),
]
