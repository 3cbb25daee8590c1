# One place for compiler flags every certdrill target shares.
add_library(certdrill_warnings INTERFACE)
target_compile_options(certdrill_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                                    -Woverloaded-virtual -Wformat=2)
if(CERTDRILL_WERROR)
    target_compile_options(certdrill_warnings INTERFACE -Werror)
endif()
if(CERTDRILL_SANITIZE)
    target_compile_options(certdrill_warnings INTERFACE -fsanitize=address,undefined -fno-omit-frame-pointer
                                                        -fno-sanitize-recover=undefined)
    target_link_options(certdrill_warnings INTERFACE -fsanitize=address,undefined)
endif()
