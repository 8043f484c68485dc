"""URLs of core: the language switch, the health checks and the site's icon."""

from django.urls import path

from core import views

urlpatterns = [
    path("saude/", views.health, name="health"),
    path("ping/", views.ping, name="ping"),
    path("idioma/<str:lang>/", views.choose_language, name="language"),
    # Pages name their icon; a client that asks for /favicon.ico anyway gets it too.
    path("favicon.ico", views.favicon, name="favicon"),
]
