"""Top-level URL map: accounts, language switch, the apps, the admin (power tool)."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("entrar/", auth_views.LoginView.as_view(), name="login"),
    path("sair/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("core.urls")),
    path("t/", include("standings.urls")),
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    path("", include("printing.urls")),
    path("", include("audit.urls")),
    path("", include("tally.urls")),
]

# Error pages in the site's layout, in the visitor's language (core.views).
handler400 = "core.views.error_400"
handler403 = "core.views.error_403"
handler404 = "core.views.error_404"
handler500 = "core.views.error_500"
