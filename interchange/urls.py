"""Importing a tenteio/1 file as a new tournament, and exporting one."""

from django.urls import path

from interchange import views

app_name = "interchange"

urlpatterns = [
    path("t/importar/", views.ImportView.as_view(), name="import"),
    path("t/<slug:slug>/exportar.json", views.ExportView.as_view(), name="export"),
]
