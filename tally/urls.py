"""Judge's tenteio (under /juiz/) and the public live pages (under /t/)."""

from django.urls import path

from tally import views

app_name = "tally"

urlpatterns = [
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/", views.TenteioView.as_view(), name="tenteio"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/mao/", views.HandView.as_view(), name="hand"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/desfazer/", views.UndoView.as_view(), name="undo"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/confirmar/", views.CloseView.as_view(), name="close"),
    path("juiz/<slug:slug>/jogo/<int:match_id>/tenteio/estado.json", views.StateView.as_view(), name="state"),
    path("t/<slug:slug>/ao-vivo/", views.LiveBoardView.as_view(), name="board"),
    # By id: a mesa's name is free text ("1/2" is a name) and would not fit in a path.
    path("t/<slug:slug>/mesas/<int:table_id>/", views.LiveMesaView.as_view(), name="mesa"),
]
