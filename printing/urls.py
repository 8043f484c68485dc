"""Organizer pages of printing (paths are absolute from the site root)."""

from django.urls import path

from printing import views, views_circuit

app_name = "printing"

P = "t/<slug:slug>/gestao/impressao/"

urlpatterns = [
    path(P, views.PrintPageView.as_view(), name="page"),
    path(P + "<int:job_id>/", views.JobStatusView.as_view(), name="status"),
    path(P + "<int:job_id>/pdf/", views.JobDownloadView.as_view(), name="download"),
    path(P + "<int:job_id>/cancelar/", views.JobCancelView.as_view(), name="cancel"),
    path(P + "<int:job_id>/retomar/", views.JobResumeView.as_view(), name="resume"),
    path("circuitos/<slug:slug>/gestao/classificacao.pdf", views_circuit.circuit_pdf, name="circuit_pdf"),
]
