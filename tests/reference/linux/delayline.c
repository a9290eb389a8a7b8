// delayline: a tun device that holds every packet it receives for a fixed time, then sends it
// back into the kernel (which forwards it on), optionally dropping each packet with a fixed
// probability first. The real-Linux reference (run_linux.py, docs/validation.md) puts one on
// the ACK path of the emulated bottleneck for the round-trip delay and, for cases with random
// loss, one with no delay on the data path. The kernel here has neither netem nor fq.
//
//   delayline IFNAME DELAY_MS [LOSS_PROBABILITY SEED]
//
// Every 2 s with traffic it prints to stderr how many packets it released and how late the
// latest was: a release later than ~0.5 ms means the machine cannot keep up with the rate. On
// SIGTERM (netns.sh stops it after every run) it prints the same over its whole life, with how
// many releases were more than 0.5 ms and more than 1 ms late, and exits.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

enum
{
    kSlots = 1 << 20,
    kMaxPacketBytes = 2048
};

static unsigned char* g_packets;
static uint16_t g_lengths[kSlots];
static int64_t g_due_ns[kSlots];
static uint64_t g_rng;
static volatile sig_atomic_t g_stop;

static void onTerm(int sig)
{
    (void)sig;
    g_stop = 1;
}

static int64_t nowNs(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000LL + t.tv_nsec;
}

// xorshift64: uniform in [0, 1)
static double uniform(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (double)(g_rng >> 11) * (1.0 / 9007199254740992.0);
}

int main(int argc, char** argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: delayline IFNAME DELAY_MS [LOSS_PROBABILITY SEED]\n");
        return 2;
    }
    const int64_t delay_ns = (int64_t)(atof(argv[2]) * 1e6);
    const double loss = argc > 3 ? atof(argv[3]) : 0.0;
    g_rng = (argc > 4 ? strtoull(argv[4], NULL, 10) : 1) * 0x9E3779B97F4A7C15ULL + 1;
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    g_packets = malloc((size_t)kSlots * kMaxPacketBytes);
    const int fd = open("/dev/net/tun", O_RDWR);
    struct ifreq ifr;
    memset(&ifr, 0, sizeof ifr);
    ifr.ifr_flags = IFF_TUN | IFF_NO_PI;
    strncpy(ifr.ifr_name, argv[1], IFNAMSIZ - 1);
    if (!g_packets || fd < 0 || ioctl(fd, TUNSETIFF, &ifr) < 0) {
        perror("delayline");
        return 1;
    }
    fcntl(fd, F_SETFL, O_NONBLOCK);
    struct sigaction term;
    memset(&term, 0, sizeof term);
    term.sa_handler = onTerm; // no SA_RESTART: ppoll returns EINTR
    sigaction(SIGTERM, &term, NULL);
    sigaction(SIGINT, &term, NULL);
    size_t head = 0, tail = 0;
    long released = 0, dropped = 0;
    long all_released = 0, all_dropped = 0, late_500us = 0, late_1ms = 0;
    int64_t max_late_ns = 0, all_max_late_ns = 0, last_report_ns = nowNs();
    while (!g_stop) {
        const int64_t t = nowNs();
        while (head != tail && g_due_ns[head] <= t) {
            const int64_t late_ns = t - g_due_ns[head];
            if (late_ns > max_late_ns)
                max_late_ns = late_ns;
            if (late_ns > all_max_late_ns)
                all_max_late_ns = late_ns;
            late_500us += late_ns > 500000;
            late_1ms += late_ns > 1000000;
            ++all_released;
            if (write(fd, g_packets + head * kMaxPacketBytes, g_lengths[head]) < 0 &&
                errno != EAGAIN)
                perror("delayline: write");
            ++released;
            head = (head + 1) % kSlots;
        }
        if (t - last_report_ns > 2000000000LL) {
            if (released)
                fprintf(stderr, "released %ld dropped %ld latest_late_us %.0f\n", released, dropped,
                        max_late_ns / 1e3);
            released = dropped = 0;
            max_late_ns = 0;
            last_report_ns = t;
        }
        int64_t wait_ns = head != tail ? g_due_ns[head] - t : 1000000000LL;
        if (wait_ns < 0)
            wait_ns = 0;
        const struct timespec timeout = {wait_ns / 1000000000LL, wait_ns % 1000000000LL};
        struct pollfd p = {fd, POLLIN, 0};
        if (ppoll(&p, 1, &timeout, NULL) <= 0)
            continue;
        for (;;) {
            const size_t next = (tail + 1) % kSlots;
            if (next == head)
                break;
            const ssize_t n = read(fd, g_packets + tail * kMaxPacketBytes, kMaxPacketBytes);
            if (n <= 0)
                break;
            if (loss > 0 && uniform() < loss) {
                ++dropped;
                ++all_dropped;
                continue;
            }
            g_lengths[tail] = (uint16_t)n;
            g_due_ns[tail] = nowNs() + delay_ns;
            tail = next;
        }
    }
    fprintf(stderr,
            "exit %s released %ld dropped %ld late_over_500us %ld late_over_1ms %ld "
            "latest_late_us %.0f\n",
            argv[1], all_released, all_dropped, late_500us, late_1ms, all_max_late_ns / 1e3);
    return 0;
}
