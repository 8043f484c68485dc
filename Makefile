# Tenteio: `make run` serves the demo on a laptop; `make test` runs lint, types and tests.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt requirements-dev.txt | cksum | cut -d' ' -f1)
HOST ?= 127.0.0.1
PORT ?= 8000
export DJANGO_SETTINGS_MODULE ?= config.settings.local
# With REQUIRE_SERVICES=1 the integration tests must run: default to this machine's
# PostgreSQL and Redis when no URL is given.
ifeq ($(REQUIRE_SERVICES),1)
export DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/tenteio
export REDIS_URL ?= redis://127.0.0.1:6379/15
endif

.PHONY: setup run test lint typecheck messages clean bench system-deps mutation

$(STAMP): requirements.txt requirements-dev.txt
	@$(PY) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Tenteio needs Python 3.11 or newer (PY=$(PY))")'
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

setup: $(STAMP) messages system-deps
	$(BIN)/python manage.py migrate --noinput

# WeasyPrint needs Pango, and HarfBuzz's subsetter to be fast (without it separate
# PDFs cost about twice as much); CairoSVG (the pictures to share) needs Cairo; the
# catalogs' check needs gettext (makemessages).
# Installed when we are root on Debian; named otherwise.
DEBIAN_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 libcairo2 fonts-dejavu-core poppler-utils gettext
system-deps:
	@if command -v dpkg >/dev/null 2>&1; then \
	  missing=$$(for p in $(DEBIAN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	  if [ -n "$$missing" ]; then \
	    if [ "$$(id -u)" = 0 ]; then (apt-get install -y -qq $$missing || (apt-get update -qq && apt-get install -y -qq $$missing)) >/dev/null; \
	    else echo "Instale para os PDFs: sudo apt-get install $$missing"; fi; \
	  fi; \
	fi

# Both catalogs (en, pt_BR) are committed compiled, so a machine without gettext still
# runs; recompile when it is there. `manage.py catalogs` updates them from the code.
messages:
	@if command -v msgfmt >/dev/null 2>&1; then \
	  $(BIN)/python manage.py compilemessages --locale=en --locale=pt_BR --ignore=.venv -v 0; fi

# On loopback, Django's runserver with DEBUG on. Listening beyond it (HOST=0.0.0.0: the
# judges' phones on the hall's Wi-Fi), gunicorn with DEBUG off (config.settings.lan), so
# no phone ever sees Django's debug pages; the addresses to type on the phones are printed.
ifneq ($(filter 127.0.0.1 localhost ::1 [::1],$(HOST)),)
LAN :=
WEB := $(BIN)/python manage.py runserver --noreload $(HOST):$(PORT)
else
LAN := yes
run: export DJANGO_SETTINGS_MODULE = config.settings.lan
WEB := $(BIN)/gunicorn config.wsgi --config config/gunicorn.conf.py --bind $(HOST):$(PORT) --workers 2 --threads 8 --access-logfile -
endif

run: setup
	$(BIN)/python manage.py demo
	@echo "Tenteio em http://$(if $(filter 0.0.0.0 :: [::],$(HOST)),127.0.0.1,$(HOST)):$(PORT)/  (Ctrl-C para parar)"
	$(if $(LAN),$(BIN)/python -m core.lan $(PORT))
	DJANGO_SETTINGS_MODULE=$(DJANGO_SETTINGS_MODULE) HOST=$(HOST) PORT=$(PORT) BIN="$(BIN)" WEB="$(WEB)" $(BIN)/honcho -f Procfile.dev start

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy --strict rules
	$(BIN)/mypy

test: $(STAMP) messages system-deps lint typecheck
	DJANGO_SETTINGS_MODULE=config.settings.test $(BIN)/python -m pytest --cov=rules --cov-branch --cov-report=term:skip-covered --cov-fail-under=95

bench: $(STAMP)
	$(BIN)/python bench/ranking.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage

# Mutation testing of the rules engine ([tool.mutmut] in pyproject.toml; docs/testing.md):
# not part of `make test`, it takes about an hour and a half on two busy cores. Results are
# cached in mutants/ (rm -rf mutants to start over); MUTANTS="rules.counters*" runs one module.
MUTANTS ?=
mutation: $(STAMP)
	$(BIN)/mutmut run --max-children $(or $(JOBS),2) $(MUTANTS)
	@$(BIN)/mutmut results --all true | awk '{split($$1, p, "."); n[p[2]]++; if ($$2 == "killed") k[p[2]]++} \
	  END {for (m in n) printf "%-12s %4d/%4d killed (%.1f%%)\n", m, k[m], n[m], 100 * k[m] / n[m]}' | sort
