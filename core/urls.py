"""URLs of core: the language switch and the health checks."""

from django.urls import path

from core import views

urlpatterns = [
    path("saude/", views.health, name="health"),
    path("ping/", views.ping, name="ping"),
    path("idioma/<str:lang>/", views.choose_language, name="language"),
]
