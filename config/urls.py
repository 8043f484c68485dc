"""Top-level URL map: accounts, language switch, the apps, the admin (power tool)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from public.views_site import after_login, home

urlpatterns = [
    path("entrar/", auth_views.LoginView.as_view(), name="login"),
    path("sair/", auth_views.LogoutView.as_view(), name="logout"),
    # After the login: a judge to their jogos, everyone else home (public.views_site).
    path("entrar/seguir/", after_login, name="after_login"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", home, name="home"),
    path("", include("core.urls")),
    # Before the public pages: "importar" would otherwise be taken for a tournament.
    path("", include("interchange.urls")),
    path("", include("public.urls")),
    path("", include("standings.urls")),
    path("", include("knockout.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("", include("printing.urls")),
    path("", include("audit.urls")),
    path("", include("tally.urls")),
    path("", include("circuits.urls")),
    path("", include("captains.urls")),
    path("", include("signups.urls")),
]

# Error pages in the site's layout, in the visitor's language (public.views_site).
handler400 = "public.views_site.error_400"
handler403 = "public.views_site.error_403"
handler404 = "public.views_site.error_404"
handler500 = "public.views_site.error_500"
