"""URLs of core: the home page and the health check."""

from django.urls import path

from core import views

urlpatterns = [
    path("", views.home, name="home"),
    path("saude/", views.health, name="health"),
    path("ping/", views.ping, name="ping"),
    path("idioma/<str:lang>/", views.choose_language, name="language"),
]
