#!/usr/bin/env python3
"""P parallel TCP bulk flows over the kernel's TCP (the real-Linux reference, run_linux.py).

    flows.py rcv PORT FLOWS              (in rcv's namespace) prints "ready", then one
                                         "end FLOW T" line per flow: CLOCK_MONOTONIC when the
                                         flow's last byte was read
    flows.py snd HOST PORT FLOWS BYTES   (in snd's namespace) prints "start T"
    flows.py one HOST PORT INDEX BYTES START
                                         one flow, index INDEX, from this namespace, sending
                                         from CLOCK_MONOTONIC START on (separate_senders.sh:
                                         one sender host per flow); prints "start T"

The sender opens every connection first (handshake, then a one-byte flow index, so the RTT is
measured), waits 0.5 s, then sends bytes/FLOWS on each from one instant T (the last flow takes
the remainder) and closes. As ns-3's tcp_flows: the time of a run is the last byte received of
any flow - T; the handshake is not in it. Both namespaces share CLOCK_MONOTONIC.
"""
import socket
import sys
import threading
import time


def receive(port, flows):
    listener = socket.socket()
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("0.0.0.0", port))
    listener.listen(64)
    print("ready", flush=True)
    ends = {}

    def drain(conn):
        index = conn.recv(1)[0]
        last = None
        while True:
            data = conn.recv(1 << 20)
            if not data:
                break
            last = time.monotonic()
        ends[index] = last
        conn.close()

    threads = []
    for _ in range(flows):
        conn, _ = listener.accept()
        threads.append(threading.Thread(target=drain, args=(conn,)))
        threads[-1].start()
    for t in threads:
        t.join()
    for i in sorted(ends):
        print("end %d %.6f" % (i, ends[i]))


def send_and_close(s, data):
    """Sends data, closes the sending side, and waits until the receiver has closed."""
    s.sendall(data)
    s.shutdown(socket.SHUT_WR)
    s.recv(1)
    s.close()


def send(host, port, flows, nbytes):
    socks = [socket.create_connection((host, port)) for _ in range(flows)]
    for i, s in enumerate(socks):
        s.sendall(bytes([i]))
    time.sleep(0.5)
    per_flow = nbytes // flows
    payload = bytes(per_flow + nbytes - per_flow * flows)
    start = threading.Barrier(flows + 1)

    def transmit(s, n):
        start.wait()
        send_and_close(s, memoryview(payload)[:n])

    threads = [threading.Thread(target=transmit, args=(
        s, per_flow + (nbytes - per_flow * flows if i == flows - 1 else 0)))
        for i, s in enumerate(socks)]
    for t in threads:
        t.start()
    t0 = time.monotonic()
    start.wait()
    for t in threads:
        t.join()
    print("start %.6f" % t0)


def send_one(host, port, index, nbytes, start_s):
    s = socket.create_connection((host, port))
    s.sendall(bytes([index]))
    while time.monotonic() < start_s:
        time.sleep(0.0005)
    t0 = time.monotonic()
    send_and_close(s, bytes(nbytes))
    print("start %.6f" % t0)


if __name__ == "__main__":
    if sys.argv[1] == "rcv":
        receive(int(sys.argv[2]), int(sys.argv[3]))
    elif sys.argv[1] == "one":
        send_one(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]),
                 float(sys.argv[6]))
    else:
        send(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
