"""The organizer's sorteio among tied teams (the standings pages are in ``public``)."""

from django.urls import path

from standings import views_staff

app_name = "standings"

urlpatterns = [
    path("t/<slug:slug>/sorteio/", views_staff.LotsView.as_view(), name="lots"),
]
