"""The Celery application: broker and result backend come from Django settings.

Tasks stay thin (take ids, call a service, report progress) and are queued with
``transaction.on_commit`` so a worker never sees a row that was rolled back.
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("tenteio")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
