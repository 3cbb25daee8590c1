#include "certdrill/Model.h"

namespace certdrill {

const Domain* ExamDef::findDomain(const std::string& domainId) const
{
    for (const auto& d : domains) {
        if (d.id == domainId) {
            return &d;
        }
    }
    return nullptr;
}

} // namespace certdrill
