"""URL of the audit page (absolute from the site root, beside the organizer pages)."""

from django.urls import path

from audit import views

app_name = "audit"

urlpatterns = [
    path("t/<slug:slug>/gestao/auditoria/", views.AuditLogView.as_view(), name="log"),
]
