"""The addresses at which phones on the same network reach this computer.

``make run HOST=0.0.0.0`` prints them so the organizer knows what to type on the judges'
phones (``python -m core.lan 8000``); the dashboard lists them too when it is opened at
127.0.0.1 (``tournaments.templatetags.phones``). Standard library only: it runs before Django.
"""

from __future__ import annotations

import contextlib
import socket
import sys


def addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback, best first: the one its
    default route leaves by, then any other its host name resolves to."""
    found: list[str] = []
    try:
        # Connecting a UDP socket sends nothing; it only picks the outgoing interface.
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # a documentation address (RFC 5737)
            found.append(probe.getsockname()[0])
    except OSError:  # no route: no network at all
        pass
    with contextlib.suppress(OSError):  # a host name that does not resolve
        found += [str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    unique = dict.fromkeys(a for a in found if not a.startswith("127."))
    return list(unique)


def main(argv: list[str]) -> int:
    port = argv[0] if argv else "8000"
    found = addresses()
    if not found:
        print("Nenhum endereço de rede encontrado: o computador está conectado à rede do local?")
        return 0
    print("Nos celulares da mesma rede, abra:")
    for address in found:
        print(f"  http://{address}:{port}/")
    # The QR codes (dashboard, printed súmulas) carry the address the page was opened at.
    print("Abra o painel da comissão por um desses endereços: o QR code que ele mostra e os")
    print("das súmulas impressas levam ao endereço pelo qual a página foi aberta.")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
