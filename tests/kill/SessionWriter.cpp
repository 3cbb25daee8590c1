// Helper for the kill test: answers a strict mock exam forever, printing "saved K" after save K committed.
// Usage: session_writer DB QUESTIONS_DIR FIRST_K
// Save K writes position K % n with option (K / n) % options, so the parent can tell what must be stored.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "certdrill/exam/ExamSession.h"

using namespace certdrill;

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: session_writer DB QUESTIONS_DIR FIRST_K\n");
        return 2;
    }
    const SystemClock clock;
    auto store = Store::open(argv[1], clock);
    if (!store) {
        std::fprintf(stderr, "%s\n", store.error().message.c_str());
        return 1;
    }
    std::unique_ptr<ExamSession> session;
    auto open = ExamSession::unfinished(*store.value());
    if (open.ok() && open.value()) {
        auto s = ExamSession::open(*store.value(), *open.value());
        if (!s) {
            std::fprintf(stderr, "%s\n", s.error().message.c_str());
            return 1;
        }
        session = std::move(s.value());
    } else {
        if (!store.value()->importFiles(packFilesIn(argv[2])).ok()) {
            return 1;
        }
        auto exam = store.value()->exam("ncp-genl");
        const Form form = assembleForm(exam.value(), store.value()->candidates("ncp-genl").value(), 0, 7);
        auto s = ExamSession::start(*store.value(), exam.value(), form, SessionMode::Exam);
        if (!s) {
            return 1;
        }
        session = std::move(s.value());
    }
    std::printf("session %lld remaining %lld\n", static_cast<long long>(session->id()),
                static_cast<long long>(session->remainingMs()));
    std::fflush(stdout);
    const auto n = static_cast<long long>(session->items().size());
    for (long long k = std::atoll(argv[3]);; ++k) {
        const int position = static_cast<int>(k % n);
        const auto options =
            static_cast<long long>(session->items()[static_cast<size_t>(position)].question.options.size());
        if (!session->choose(position, {static_cast<int>((k / n) % options)})) {
            return 1;
        }
        std::printf("saved %lld\n", k);
        std::fflush(stdout);
    }
}
