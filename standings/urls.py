"""The organizer's sorteio among tied teams and the Swiss phase (the standings pages are
in ``public``)."""

from django.urls import path

from standings import views_staff, views_swiss

app_name = "standings"

urlpatterns = [
    path("t/<slug:slug>/sorteio/", views_staff.LotsView.as_view(), name="lots"),
    path("t/<slug:slug>/gestao/suico/", views_swiss.SwissView.as_view(), name="swiss"),
]
