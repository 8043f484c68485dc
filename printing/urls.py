"""Pages of printing (paths are absolute from the site root): a tournament's, for its
organizers; a circuit's rankings, for whoever may see the circuit."""

from django.urls import path

from printing import views, views_captain, views_circuit

app_name = "printing"

P = "t/<slug:slug>/gestao/impressao/"

urlpatterns = [
    path(P, views.PrintPageView.as_view(), name="page"),
    path(P + "<int:job_id>/", views.JobStatusView.as_view(), name="status"),
    path(P + "<int:job_id>/pdf/", views.JobDownloadView.as_view(), name="download"),
    path(P + "<int:job_id>/cancelar/", views.JobCancelView.as_view(), name="cancel"),
    path(P + "<int:job_id>/retomar/", views.JobResumeView.as_view(), name="resume"),
    path(
        "t/<slug:slug>/gestao/equipes/<int:pk>/capataz/cartao.pdf",
        views_captain.CaptainCardView.as_view(),
        name="captain_card",
    ),
    # A circuit's rankings as PDF: for whoever may see the circuit (printing.views_circuit).
    path("circuito/<slug:slug>/pdf/", views_circuit.CircuitPdfView.as_view(), name="circuit_pdf"),
    path("circuito/<slug:slug>/pdf/<int:job_id>/", views_circuit.circuit_job_status, name="circuit_status"),
    path(
        "circuito/<slug:slug>/pdf/<int:job_id>/classificacao.pdf",
        views_circuit.circuit_job_download,
        name="circuit_download",
    ),
]
