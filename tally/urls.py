"""The judge's tenteio (under /juiz/); its public live pages are in ``public``."""

from django.urls import path

from tally import views

app_name = "tally"

urlpatterns = [
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/", views.TenteioView.as_view(), name="tenteio"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/mao/", views.HandView.as_view(), name="hand"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/desfazer/", views.UndoView.as_view(), name="undo"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/confirmar/", views.CloseView.as_view(), name="close"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/estado.json", views.StateView.as_view(), name="state"),
]
