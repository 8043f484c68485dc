"""URLs of the inscrições online (paths are absolute from the site root)."""

from django.urls import path

from signups import views, views_organizer

app_name = "signups"

urlpatterns = [
    path("t/<slug:slug>/inscricao-online/", views.RegisterView.as_view(), name="register"),
    path("inscricao/<str:token>/", views.CapatazView.as_view(), name="capataz"),
    path("t/<slug:slug>/gestao/inscricoes-online/", views_organizer.SettingsView.as_view(), name="settings"),
    path(
        "t/<slug:slug>/gestao/inscricoes-online/revisao/",
        views_organizer.ReviewView.as_view(),
        name="review",
    ),
]
